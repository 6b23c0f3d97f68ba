// swift-tools-version:6.1
import Foundation
import PackageDescription

/// The package's own directory, for the link order file's absolute path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

/// Where Debian's libxml2-dev puts `<libxml/…>` (`pkg-config --cflags libxml-2.0`). ForgeXML is the
/// one module that imports CLibXML2 (an `internal import`), but a module compiled against ForgeXML
/// may rebuild CLibXML2's cached clang module when it is stale (after a libxml2-dev upgrade), so every
/// target gets the path (the loop below).
let libxml2Headers = SwiftSetting.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])

/// forged: the Forge household server. One package, Swift 6 language mode,
/// no outside Swift packages; C libraries come from Debian via pkg-config.
let package = Package(
    name: "forge",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "forged", targets: ["forged"])
    ],
    targets: [
        // MARK: C libraries (module map + shim header only)
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev", "libgnutls28-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // yajl's event parser: a recipe library's JSON documents read as events, never held whole.
        .systemLibrary(name: "CYAJL", pkgConfig: "yajl", providers: [.apt(["libyajl-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CGlibcMalloc", path: "Sources/CGlibcMalloc"),
        // libcurl's header only: the library is dlopen'ed on first use (Sources/CCurl/shim.h), never linked.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-gnutls-dev"])]),
        // libxml2's xmlTextReader, dlopen'd on first use (not linked, so no pkgConfig:
        // its libs would link it); the header path is pkg-config's cflags for libxml-2.0.
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", providers: [.apt(["libxml2-dev"])]),
        // libarchive's reader (zip, gzip), dlopen'd on first use like CCurl: the header only, never linked.
        .systemLibrary(name: "CArchive", path: "Sources/CArchive", providers: [.apt(["libarchive-dev"])]),
        // libpq's client (the original Forge server's live PostgreSQL), dlopen'd on first use like CCurl.
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),

        // MARK: build tooling
        .executableTarget(name: "EmbedAssetsTool"),
        .plugin(name: "EmbedAssets", capability: .buildTool(), dependencies: ["EmbedAssetsTool"]),
        // The version from packaging/changelog and git (tools/version.sh), regenerated before every build.
        .plugin(name: "ReleaseVersion", capability: .buildTool()),

        // MARK: Forge modules
        .target(name: "CBuildInfo"),
        .target(name: "ForgeVersion", plugins: ["ReleaseVersion"]),
        .target(name: "ForgeCore", dependencies: ["CBuildInfo", "ForgeVersion"]),
        .target(name: "ForgeStore", dependencies: ["CSQLite", "ForgeCore", "CSodium"]),
        // The household records' one owner: users, sign-in sessions, ingest tokens, prefs.
        .target(name: "ForgeHousehold", dependencies: ["ForgeCore", "ForgeStore", "CSodium"]),
        .target(name: "ForgeHTTP", dependencies: ["CMicroHTTPD"]),
        // libxml2's streaming reader as Swift events (the GPX/TCX import), on libxml2 loaded on first use.
        .target(name: "ForgeXML", dependencies: ["CLibXML2"]),
        // Zip entries and gzip streams within decompression-bomb limits, on libarchive loaded on first use.
        .target(name: "ForgeArchive", dependencies: ["CArchive"]),
        // The one Swift module over CLibPQ: a read-only PostgreSQL client for `forged import forge-server`.
        .target(name: "ForgePostgres", dependencies: ["CLibPQ"]),
        .target(
            name: "ForgeTrain", dependencies: ["ForgeCore", "ForgeStore", "ForgeHousehold", "ForgeXML"],
            exclude: ["Assets"], plugins: ["EmbedAssets"]),
        // The one outbound HTTP client (recipe import, the LLM coach), on libcurl loaded on first use.
        .target(name: "ForgeOutbound", dependencies: ["CCurl"]),
        .target(
            name: "ForgeCook", dependencies: ["ForgeCore", "ForgeStore", "ForgeOutbound", "ForgeArchive", "CYAJL"],
            exclude: ["Assets"], plugins: ["EmbedAssets"]),
        // The moving-in pipeline (issues 23-25): import jobs, their ledger, undo, and the importers
        // (Strong, Hevy, FitNotes, ...) writing through the owning modules' write paths.
        .target(
            name: "ForgeImport",
            dependencies: [
                "ForgeCore", "ForgeStore", "ForgeHousehold", "ForgeTrain", "ForgeCook", "ForgeCoach", "ForgePostgres",
                "ForgeArchive", "ForgeXML",
            ]),
        .target(name: "ForgeEvents", dependencies: ["ForgeCore", "ForgeStore", "CSystemd"]),
        .target(name: "ForgeKitchen", exclude: ["Assets"], plugins: ["EmbedAssets"]),
        .target(
            name: "ForgeCoach",
            dependencies: [
                "ForgeCore", "ForgeStore", "ForgeHousehold", "ForgeTrain", "ForgeCook",
                "ForgeOutbound", "ForgeEvents",
            ]),
        .target(
            name: "ForgeAPI",
            dependencies: [
                "ForgeCore", "ForgeStore", "ForgeHousehold", "ForgeHTTP", "ForgeTrain", "ForgeCook", "ForgeCoach",
                "CSodium", "ForgeEvents", "ForgeKitchen", "ForgeImport",
            ]),
        .target(name: "ForgeSystemd", dependencies: ["CSystemd", "ForgeCore"]),
        .target(
            name: "ForgedKit",
            dependencies: [
                "ForgeAPI", "ForgeCoach", "ForgeCook", "ForgeCore", "ForgeHousehold", "ForgeStore",
                "ForgeSystemd", "CGlibcMalloc", "ForgeImport",
            ]),
        .executableTarget(name: "forged", dependencies: ["ForgedKit"]),

        // MARK: tests
        .testTarget(name: "ForgeCoreTests", dependencies: ["ForgeCore"]),
        .testTarget(name: "ForgeStoreTests", dependencies: ["ForgeStore"]),
        .testTarget(name: "ForgeHouseholdTests", dependencies: ["ForgeHousehold", "ForgeStore", "ForgeCore"]),
        .testTarget(name: "ForgeHTTPTests", dependencies: ["ForgeHTTP"]),
        .testTarget(name: "ForgeTrainTests", dependencies: ["ForgeTrain"]),
        .testTarget(
            name: "ForgeCookTests", dependencies: ["ForgeCook", "ForgeOutbound", "ForgeArchive", "ForgeStore"]),
        .testTarget(name: "ForgeAPITests", dependencies: ["ForgeAPI", "ForgeHousehold", "ForgeHTTP", "ForgedKit"]),
        .testTarget(name: "ForgedKitTests", dependencies: ["ForgedKit", "ForgeSystemd"]),
        .testTarget(
            name: "ForgeCoachTests", dependencies: ["ForgeCoach", "ForgeHousehold", "ForgeTrain", "ForgeStore"]),
        .testTarget(name: "ForgeXMLTests", dependencies: ["ForgeXML"]),
        .testTarget(name: "ForgeArchiveTests", dependencies: ["ForgeArchive"]),
        .testTarget(
            name: "ForgeImportTests",
            dependencies: ["ForgeImport", "ForgeTrain", "ForgeStore", "ForgeHousehold", "ForgeCook"]),
        .testTarget(name: "ForgeOutboundTests", dependencies: ["ForgeOutbound", "ForgeHTTP"]),
        .testTarget(name: "ForgeEventsTests", dependencies: ["ForgeEvents", "ForgeStore", "ForgeCore", "CSystemd"]),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: release layout (docs/performance.md, "Idle memory")
//
// Release builds put every function in its own section so that lld can lay
// out the ones forged runs at start, while idle and on its common reads
// together at the front of .text (packaging/forged.order, regenerated by
// packaging/order-file.sh): an idle daemon then keeps a few contiguous
// megabytes of text mapped instead of every 64 KiB window a start touches.
// Relative relocations are packed (DT_RELR, glibc >= 2.36): 17 KB instead of
// a 2 MB .rela.dyn read at every start. forged exports no dynamic symbols:
// nothing loads a plugin into it, and the Swift runtime's static
// `-export-dynamic` only made the loader search 7,000 names on every lookup.
// Every target, tests too, also gets libxml2's header path (libxml2Headers).
for target in package.targets where target.type == .regular || target.type == .executable || target.type == .test {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            libxml2Headers,
            .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
        ]
}
for target in package.targets where target.name == "forged" {
    target.linkerSettings =
        (target.linkerSettings ?? []) + [
            .unsafeFlags(
                [
                    "-use-ld=lld",
                    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                    "-Xlinker", "--symbol-ordering-file=\(packageRoot)/packaging/forged.order",
                    "-Xlinker", "--no-warn-symbol-ordering",
                    "-Xlinker", "--no-export-dynamic",
                ],
                .when(platforms: [.linux], configuration: .release))
        ]
}
