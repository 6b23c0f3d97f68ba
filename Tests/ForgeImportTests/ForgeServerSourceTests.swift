import Foundation
import Testing

@testable import ForgeImport

/// The readers of `forged import forge-server`'s sources: PostgreSQL's COPY
/// text format, plain pg_dump files, timestamps and bytea as the original's
/// databases write them, and SOURCE as a household pastes it.
@Suite struct ForgeServerSourceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/forge-server")

    @Test func copyTextDecodesEveryEscape() {
        let fields = CopyText.fields("a\\tb\t\\N\t\\\\N\tx\\ny\\rz\t\\101\\x42\\x4\t\\b\\f\\v\\q\t")
        #expect(
            fields == [
                .text("a\tb"), .null, .text("\\N"), .text("x\ny\rz"), .text("AB\u{4}"), .text("\u{8}\u{C}\u{B}q"),
                .text(""),
            ])
        // Octal and hex bytes make UTF-8 together; \N inside text is not NULL.
        #expect(CopyText.fields("\\303\\251t\\xc3\\xa9\tab\\Ncd") == [.text("été"), .text("abNcd")])
        #expect(CopyText.fields("") == [.text("")])
    }

    /// Fields without a backslash are taken as they stand; a backslash takes the next byte
    /// along (a tab too), `\N` is NULL only alone, an empty line is one empty field.
    @Test func copyTextSplitsOnlyOnTabsStandingAlone() {
        #expect(CopyText.fields("a\\\tb\tc") == [.text("a\tb"), .text("c")])
        #expect(CopyText.fields("x\t\\") == [.text("x"), .text("\\")])
        #expect(CopyText.fields("\\Nx\t\\N\t\\\\N") == [.text("Nx"), .null, .text("\\N")])
        #expect(CopyText.fields("\t") == [.text(""), .text("")])
        #expect(CopyText.fields("") == [.text("")])
        #expect(
            CopyText.fields("plain\t2024-05-01 07:30:00+00\t\\N\tcaf\u{E9}") == [
                .text("plain"), .text("2024-05-01 07:30:00+00"), .null, .text("caf\u{E9}"),
            ])
    }

    @Test func aPlainDumpIsReadTableByTable() throws {
        let tables = try PgDumpReader.read(Self.fixtures.appendingPathComponent("older-household.sql").path)
        let sessions = try #require(tables["workout_sessions"])
        #expect(sessions.rows.count == 3)
        #expect(!sessions.has("favorite"))
        let first = sessions.records[0]
        #expect(first.string("notes") == "felt\tstrong\nand fast \\o/")
        #expect(first.bool("favorite") == false)  // a column the older database lacks: its default
        #expect(try first.instant("started_at") == Date(timeIntervalSince1970: 1_741_021_200))
        #expect(try sessions.records[2].instant("completed_at") == nil)
        let media = try #require(tables["media_blobs"]).records[0]
        #expect(try media.bytes("data") == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let metric = try #require(tables["metrics"]).records[2]
        #expect(try metric.instant("ts") == Date(timeIntervalSince1970: 1_740_805_200))  // 06:00+01
        #expect(try metric.double("value") == 52)
        #expect(try ForgeServerSnapshot(tables: tables, source: "x").rows("users").count == 3)
    }

    @Test func truncatedAndForeignDumpsAreRefusedNamingTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(
            contentsOf: Self.fixtures.appendingPathComponent("older-household.sql"), encoding: .utf8)
        func refusal(_ name: String, _ content: String) -> String {
            let file = dir.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: file, contents: Data(content.utf8)))
            do {
                _ = try ForgeServerSource(file).read()
                return "read"
            } catch {
                return "\(error)"
            }
        }
        let cut = text.range(of: "40000000000000000000000000000004")!.lowerBound
        #expect(refusal("cut.sql", String(text[..<cut])).contains("ends inside the rows of logged_sets"))
        #expect(
            refusal("end.sql", text.replacingOccurrences(of: "-- PostgreSQL database dump complete", with: ""))
                .contains("truncated"))
        // Neither a dump nor SQLite: the message names the three forms SOURCE takes.
        let notes = refusal("notes.txt", "eggs\n")
        #expect(notes.contains("notes.txt: neither a plain pg_dump file nor a SQLite database"))
        for form in ["DATABASE_URL (postgresql://", "a plain pg_dump file (pg_dump", "the original's SQLite file"] {
            #expect(notes.contains(form), "\(form): \(notes)")
        }
        // A compressed dump and a custom-format archive say what to do instead.
        let gz = dir.appendingPathComponent("forge.sql.gz").path
        #expect(FileManager.default.createFile(atPath: gz, contents: Data([0x1F, 0x8B, 0x08, 0x00])))
        #expect(throws: ImportError.unreadable("\(gz): " + ForgeServerSource.notASource([0x1F, 0x8B]))) {
            try ForgeServerSource(gz)
        }
        #expect(ForgeServerSource.notASource([0x1F, 0x8B]).contains("gzip-compressed"))
        #expect(refusal("forge.dump", "PGDMP\u{1}\u{10}").contains("pg_restore -f forge.sql"))
        // pg_dumpall's cluster dump opens with its own comment (its databases' dumps follow).
        #expect(ForgeServerSource.looksLikeDump(Array("--\n-- PostgreSQL database cluster dump\n--\n".utf8)))
        #expect(!ForgeServerSource.looksLikeDump(Array("eggs\n".utf8)))
        let other =
            "-- PostgreSQL database dump\nCOPY public.invoices (id) FROM stdin;\n1\n\\.\n-- PostgreSQL database dump complete\n"
        #expect(refusal("other.sql", other).contains("other.sql: not a database of the original Forge server"))
        let inserts =
            "-- PostgreSQL database dump\nINSERT INTO public.users VALUES (1);\n-- PostgreSQL database dump complete\n"
        #expect(refusal("inserts.sql", inserts).contains("INSERT statements"))
    }

    @Test func sourcesAreReadAsPastedAndPasswordsNeverShown() throws {
        #expect(
            try ForgeServerSource("postgresql+psycopg://forge:s3cret@db:5432/forge")
                == .postgres(url: "postgresql://forge:s3cret@db:5432/forge"))
        #expect(try ForgeServerSource("postgres://u:p@h/d") == .postgres(url: "postgresql://u:p@h/d"))
        #expect(try ForgeServerSource("postgresql://u:p@h/d").description == "postgresql://u@h/d")
        #expect(try ForgeServerSource("sqlite:////var/lib/forge/forge.db") == .sqlite(path: "/var/lib/forge/forge.db"))
        #expect(try ForgeServerSource("sqlite:///./forge.db") == .sqlite(path: "./forge.db"))
        #expect(throws: ImportError.self) { try ForgeServerSource("mysql://u:p@h/d") }
        #expect(throws: ImportError.self) { try ForgeServerSource("/no/such/file.sql") }
    }

    @Test func aPasswordInTheQueryIsNeverShownEither() throws {
        // libpq reads `password=` from the query as well as from the user info.
        #expect(
            try ForgeServerSource("postgresql://forge@db:5432/forge?password=s3cret").description
                == "postgresql://forge@db:5432/forge")
        #expect(
            try ForgeServerSource(
                "postgresql+psycopg://forge@db/forge?sslmode=require&password=s3cret&connect_timeout=5"
            )
            .description == "postgresql://forge@db/forge?sslmode=require&connect_timeout=5")
        #expect(
            try ForgeServerSource("postgresql://forge:a@b@db/forge?PASSWORD=x").description
                == "postgresql://forge@db/forge")
        // An @ in the query is not the user info's end; nothing but the password goes.
        #expect(
            try ForgeServerSource("postgresql://db/forge?options=a@b").description
                == "postgresql://db/forge?options=a@b")
        #expect(try ForgeServerSource("postgresql://forge@db/forge").description == "postgresql://forge@db/forge")
        #expect(try ForgeServerSource("postgresql://forge:pa/ss@db/forge").description == "postgresql://forge@db/forge")
    }

    @Test func timestampsAndByteaAsTheOriginalWritesThem() throws {
        #expect(SourceTime.instant("2025-03-01 07:00:00+00") == Date(timeIntervalSince1970: 1_740_812_400))
        #expect(SourceTime.instant("2025-03-01 07:00:00.250000") == Date(timeIntervalSince1970: 1_740_812_400.25))
        #expect(SourceTime.instant("2025-03-01T08:30:00+01:30") == Date(timeIntervalSince1970: 1_740_812_400))
        #expect(SourceTime.instant("2025-03-01 07:00:00-05") == Date(timeIntervalSince1970: 1_740_830_400))
        #expect(SourceTime.instant("yesterday") == nil)
        #expect(SourceTime.instant("2025-13-01 07:00:00") == nil)
        #expect(try SourceBytes.decode("\\x00ff", column: "c") == [0, 255])
        #expect(try SourceBytes.decode("a\\\\b\\001", column: "c") == [0x61, 0x5C, 0x62, 1])
        #expect(throws: SourceValueError.self) { try SourceBytes.decode("\\x0g", column: "c") }
    }

    /// A dump of several read chunks (``PgDumpReader/chunkBytes``), whose rows are split on two
    /// cores, reads exactly as its lines one by one: every table, row and value in order, rows
    /// and escapes across the chunks' edges; a row with a wrong column count is named by its line.
    @Test func aDumpOfSeveralChunksReadsAsItsLinesOneByOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines = ["--", "-- PostgreSQL database dump", "--", "COPY public.users (id, email) FROM stdin;"]
        lines += ["u1\tada@example.org", "u2\tbob@example.org", "\\.", ""]
        lines.append("COPY public.metrics (id, user_id, type, value, ts, note) FROM stdin;")
        let metricRows = PgDumpReader.chunkBytes / 30 + 7
        for i in 0..<metricRows {
            let note = i % 3 == 0 ? "\\N" : "caf\\303\\251 \\t \(String(repeating: "x", count: i % 40))"
            lines.append(
                "m\(i)\tu\(i % 2 + 1)\tweight_kg\t\(50 + Double(i % 500) / 10)\t2025-03-01 07:00:00+00\t\(note)")
        }
        lines += ["\\.", "COPY public.logged_sets (id, reps) FROM stdin;", "s1\t5", "\\."]
        lines += ["-- PostgreSQL database dump complete", ""]
        let text = lines.joined(separator: "\n")
        #expect(text.utf8.count > 2 * PgDumpReader.chunkBytes)
        let file = dir.appendingPathComponent("big.sql").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
        var told: [String: Int] = [:]
        let tables = try PgDumpReader.read(file) { told[$0] = $1 }
        #expect(told == ["users": 2, "metrics": metricRows, "logged_sets": 1])
        let metrics = try #require(tables["metrics"])
        let first = lines.firstIndex { $0.hasPrefix("m0\t") }!
        #expect(metrics.rows == lines[first..<(first + metricRows)].map { CopyText.fields($0) })
        #expect(metrics.records[1].string("note") == "café \t x")
        #expect(metrics.records[3].text("note") == nil)
        #expect(tables["logged_sets"]?.rows == [[.text("s1"), .text("5")]])

        // A row of five values among rows of six, past the first chunk, is named by its line.
        var damaged = lines
        let bad = first + metricRows - 5
        damaged[bad] = damaged[bad].components(separatedBy: "\t").dropLast().joined(separator: "\t")
        let broken = dir.appendingPathComponent("broken.sql").path
        #expect(FileManager.default.createFile(atPath: broken, contents: Data(damaged.joined(separator: "\n").utf8)))
        #expect(
            throws: ImportError.unreadable(
                "\(broken): line \(bad + 1): 5 values for the 6 columns of metrics (a damaged dump?)")
        ) { try PgDumpReader.read(broken) }
    }
}
