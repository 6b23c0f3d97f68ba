import Foundation
import PackagePlugin

/// Build-tool plugin: every file under a target's `Assets/` folder is compiled
/// into the target as bytes (`EmbeddedAssets.bytes(named:)`), so the binary
/// needs no file beside it at run time. Large Swift literals compile slowly,
/// so the generated file carries base64 string literals decoded on first use.
@main
struct EmbedAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let assets = target.directoryURL.appending(path: "Assets")
        let fm = FileManager.default
        let names = ((try? fm.subpathsOfDirectory(atPath: assets.path)) ?? [])
            .filter { name in
                var isDir: ObjCBool = false
                return fm.fileExists(atPath: assets.appending(path: name).path, isDirectory: &isDir) && !isDir.boolValue
            }
            .sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) assets into \(target.name)",
                executable: try context.tool(named: "EmbedAssetsTool").url,
                arguments: [assets.path, output.path] + names,
                inputFiles: names.map { assets.appending(path: $0) },
                outputFiles: [output]
            )
        ]
    }
}
