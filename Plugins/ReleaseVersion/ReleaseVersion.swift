import Foundation
import PackagePlugin

/// Build-tool plugin: before every build, tools/version.sh writes
/// `ForgeVersion.text` (the release in packaging/changelog, plus `+gitN` from
/// git) into the target, rewriting the file only when the version changed.
@main
struct ReleaseVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let script = context.package.directoryURL.appending(path: "tools/version.sh")
        return [
            .prebuildCommand(
                displayName: "Version from packaging/changelog and git",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, "--swift", output.appending(path: "ForgeVersion+Text.swift").path],
                outputFilesDirectory: output)
        ]
    }
}
