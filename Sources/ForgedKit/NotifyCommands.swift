import ForgeEvents
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `forged notify tail` (print the event socket's lines) and
/// `forged notify desktop` (forward them to the desktop, see `DesktopBridge`).
struct NotifyCommands {
    let settings: Settings
    let command: ParsedCommand

    var socketPath: String { (settings.runtimeDir as NSString).appendingPathComponent("events.sock") }

    func run() throws -> Int32 {
        switch command.path {
        case ["notify", "tail"]:
            let subscriber: EventSubscriber
            do { subscriber = try EventSubscriber(socketPath) } catch {
                Forged.printError("forged: cannot read events: \(error) (is forged serve running? --runtime-dir?)")
                return 1
            }
            while let line = subscriber.nextLine() {
                FileHandle.standardOutput.write(Data((line + "\n").utf8))  // unbuffered: one event per line, at once
            }
            Forged.printError("forged: the daemon closed the event socket")
            return 1
        default:
            return DesktopBridge(socketPath: socketPath, clock: settings.clock).run()
        }
    }
}
