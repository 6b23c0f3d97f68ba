import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// Builds zips for the Apple Health tests with Python's `zipfile` (Debian package python3, which CI installs).
enum HealthZip {
    /// Writes a zip of `entries` (name, bytes) into `dir` as `name`; `spaces` adds an entry of that many
    /// spaces after an opening `<HealthData>` (a decompression bomb that starts like an export).
    static func make(_ dir: String, _ name: String, _ entries: [(String, Data)], bomb: Int = 0) throws -> URL {
        let path = dir + "/" + name
        let spec: [String: Any] = [
            "path": path, "bomb": bomb,
            "entries": entries.map { ["name": $0.0, "b64": $0.1.base64EncodedString()] },
        ]
        let script = """
            import base64, json, sys, zipfile
            s = json.load(sys.stdin)
            with zipfile.ZipFile(s['path'], 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr(zipfile.ZipInfo('apple_health_export/'), b'')
                for e in s['entries']: z.writestr(e['name'], base64.b64decode(e['b64']))
                if s['bomb']: z.writestr('apple_health_export/export.xml', b'<HealthData>' + b' ' * s['bomb'])
            """
        let python = "/usr/bin/python3"
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "the Apple Health tests build their zips with python3: install the Debian package python3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: spec))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 could not build \(name)")
        return URL(fileURLWithPath: path)
    }
}

/// An independent reading of an export.xml for the tests: a line scan with regular expressions, not
/// the importer's XML reader. Every file here writes one element per line.
struct HealthScan {
    let text: String

    init(_ url: URL) throws { text = try String(contentsOf: url, encoding: .utf8) }

    /// Lines that open an element `name` directly under the root (one space of indent in the fixtures,
    /// four in the shared files: anything but a deeper indent than the first such line).
    func topLevel(_ name: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        let opening = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("<\(name) ") }
        let indent = opening.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return opening.filter { $0.prefix { $0 == " " }.count == indent }
    }

    static func attribute(_ name: String, _ line: String) -> String? {
        guard let r = line.range(of: " \(name)=\"") else { return nil }
        return String(line[r.upperBound...].prefix { $0 != "\"" })
    }

    func count(_ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }
}

@Suite(.serialized)
struct AppleHealthImportTests {
    static let kept: Set<String> = [
        "HKQuantityTypeIdentifierBodyMass", "HKQuantityTypeIdentifierLeanBodyMass",
        "HKQuantityTypeIdentifierBodyFatPercentage", "HKQuantityTypeIdentifierHeight",
        "HKQuantityTypeIdentifierRestingHeartRate", "HKQuantityTypeIdentifierVO2Max",
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "HKQuantityTypeIdentifierStepCount",
        "HKCategoryTypeIdentifierSleepAnalysis", "HKQuantityTypeIdentifierHeartRate",
    ]

    func metric(_ h: ImportHarness, _ type: String) throws -> [Double] {
        try h.db.read {
            try $0.query("SELECT value FROM metrics WHERE user_id = ? AND type = ? ORDER BY ts", [h.ada.id, type])
                .map { try $0.get("value") as Double }
        }
    }

    func stats(_ h: ImportHarness, name: String) throws -> JSONValue {
        let text: String = try #require(
            try h.db.read {
                try $0.scalar("SELECT stats FROM sessions WHERE user_id = ? AND name = ?", [h.ada.id, name])
            })
        return try JSONValue.parse(Data(text.utf8))
    }

    /// Every kind of record of a current export (iOS 17: DTD, MetadataEntry, WorkoutStatistics, events,
    /// a FileReference route, a Correlation repeating its records), counted against a line scan.
    @Test func currentExportKeepsWhatTheContractHasAndCountsTheRest() throws {
        let url = ImportHarness.fixture("apple-health-ios17.xml")
        let scan = try HealthScan(url)
        let records = scan.topLevel("Record")
        let workouts = scan.topLevel("Workout")
        let notKept = records.filter { !Self.kept.contains(HealthScan.attribute("type", $0) ?? "") }

        let h = try ImportHarness()
        let record = try h.run(.appleHealth, url)
        let report = try #require(record.report)
        #expect(record.state == "done")
        #expect(report.rowsRead == records.count + workouts.count)
        #expect(report.skipped["not_kept"] == notKept.count)
        #expect(report.lists["not_kept"]?.contains("HKQuantityTypeIdentifierDietaryWater: 1") == true)
        // -3 kg, a weighing in 1850, one in 2031, a workout of -5 minutes: skipped one by one, listed.
        #expect(report.skipped["impossible_value"] == 4)
        #expect(report.skippedRows.filter { $0.reason == "impossible_value" }.count == 4)
        #expect(report.skippedRows.contains { $0.detail.contains("before 1900") })
        #expect(report.skippedRows.contains { $0.detail.contains("in the future") })

        // Units: 165.5 lb, lean 130.25 lb, body fat as a fraction, 5.5 ft, mL/min·kg.
        #expect(try metric(h, "weight") == [75.07, 74.9])  // 165.5 × 0.45359237 = 75.0695...
        #expect(try metric(h, "fat_free_mass") == [59.08])  // 130.25 × 0.45359237 = 59.0804...
        #expect(try metric(h, "body_fat_pct") == [21.3])
        #expect(try metric(h, "height") == [167.64])
        #expect(try metric(h, "resting_hr") == [52])
        #expect(try metric(h, "vo2max") == [44.21])
        #expect(try metric(h, "hrv") == [61.3])
        // Steps: the iPhone counted 2000 and the Watch 2100 of the same day: the larger source.
        #expect(try metric(h, "steps") == [2100, 3000])
        // Sleep: core 3 h + deep 1.5 h + REM 2.5 h; in bed and awake are not sleep.
        #expect(try metric(h, "sleep_h") == [7])
        let stepTimes: [String] = try h.db.read {
            try $0.query("SELECT ts FROM metrics WHERE type = 'steps' ORDER BY ts").map { try $0.get("ts") }
        }
        #expect(stepTimes.first?.hasPrefix("2024-03-02T00:00:00") == true)

        #expect(report.added["sessions"] == 2)
        #expect(h.sessions == 2)
        let run = try stats(h, name: "Running")
        #expect(run["duration_s"]?.doubleValue == 1230)
        #expect(run["distance"]?.doubleValue == 4.023)  // 2.5 mi
        #expect(run["kcal"]?.doubleValue == 231.4)
        #expect(run["avg_hr"]?.doubleValue == 139)
        #expect(run["max_hr"]?.doubleValue == 166)
        // The four heart-rate records inside the run (the one at 19:30 is not), 20 s apart: zone 2
        // (110-145) credits 118 → 131 → 142 → 151 as 20 + 20 + 20 s, the last sample nothing.
        #expect(run["hr_samples"]?.intValue == 4)
        #expect(run["zone2_min"]?.doubleValue == 1.0)
        let strength = try stats(h, name: "Traditional Strength Training")
        #expect(strength["kcal"]?.doubleValue == 215.105)  // 900 kJ × 0.2390057
        // A bare export.xml has no workout-routes folder: the run's route is named as missing.
        #expect(report.warnings.contains { $0.contains("1 workout has its route in workout-routes") })

        // In its export.zip (Ben's, so nothing overlaps) the run gets the route its <FileReference> names.
        let gpx = ImportHarness.fixture("route_2024-03-02_6.00pm.gpx")
        let zip = try HealthZip.make(
            h.dir, "export.zip",
            [
                ("apple_health_export/export.xml", try Data(contentsOf: url)),
                ("apple_health_export/workout-routes/route_2024-03-02_6.00pm.gpx", try Data(contentsOf: gpx)),
            ])
        let zipped = try #require(try h.run(.appleHealth, zip, user: h.ben).report)
        #expect(zipped.added == report.added && zipped.warnings.isEmpty)
        let routeText: String? = try h.db.read {
            try $0.scalar("SELECT route FROM cardio_traces WHERE user_id = ?", [h.ben.id])
        }
        let route = try JSONValue.parse(Data(try #require(routeText).utf8))
        #expect(route.arrayValue?.count == (try HealthScan(gpx).count("<trkpt ")))
    }

    /// iOS 8-era exports: compact dates with the offset glued on, `source=`, numeric sleep values, and
    /// workouts without statistics, whose heart rate comes from the heart-rate records.
    @Test func iOS8ExportReadsCompactDatesAndHeartRateRecords() throws {
        let url = ImportHarness.fixture("apple-health-ios8.xml")
        let scan = try HealthScan(url)
        let h = try ImportHarness()
        let report = try #require(try h.run(.appleHealth, url).report)
        #expect(report.rowsRead == scan.topLevel("Record").count + scan.topLevel("Workout").count)
        #expect(report.skipped["not_kept"] == 1)
        #expect(try metric(h, "weight") == [82.19])  // 181.2 lb
        #expect(try metric(h, "height") == [177.8])  // 70 in
        // 23:30 -0800 on the 14th is that day's, 00:15 -0800 the 15th's (not the UTC dates).
        #expect(try metric(h, "steps") == [512, 88])
        #expect(try metric(h, "sleep_h") == [7.5])
        let ride = try stats(h, name: "Cycling")
        #expect(ride["distance"]?.doubleValue == 12)
        #expect(ride["hr_samples"]?.intValue == 3)
        #expect(ride["avg_hr"]?.doubleValue == 126)  // (120 + 130 + 128) / 3
        #expect(ride["max_hr"]?.doubleValue == 130)
        #expect(ride["zone2_min"]?.doubleValue == 0.3)  // 10 s + 10 s
        let day: String? = try h.db.read { try $0.scalar("SELECT day FROM sessions WHERE name = 'Cycling'") }
        #expect(day == "2014-01-16")
    }

    @Test(.enabled(if: ImportHarness.sharedPresent, ImportHarness.sharedAbsence))
    func sharedExportXMLImports() throws {
        let url = try ImportHarness.shared("apple-health/dogsheep__healthkit-to-sqlite__export.xml")
        let scan = try HealthScan(url)
        let records = scan.topLevel("Record")
        let h = try ImportHarness()
        let record = try h.run(.appleHealth, url)
        let report = try #require(record.report)
        #expect(report.rowsRead == records.count + scan.topLevel("Workout").count)
        #expect(
            report.skipped["not_kept"]
                == records.filter { !Self.kept.contains(HealthScan.attribute("type", $0) ?? "") }.count)
        #expect(report.added["sessions"] == scan.topLevel("Workout").count)
        let run = try stats(h, name: "Running")
        let workout = try #require(scan.topLevel("Workout").first)
        let miles = try #require(Double(HealthScan.attribute("totalDistance", workout) ?? ""))
        let minutes = try #require(Double(HealthScan.attribute("duration", workout) ?? ""))
        #expect(run["distance"]?.doubleValue == Rounding.halfEven(miles * 1.609344, places: 3))
        #expect(run["duration_s"]?.doubleValue == Rounding.halfEven(minutes * 60, places: 3))
        #expect(run["kcal"]?.doubleValue == 48.745)
        // The old inline route: every <Location> point.
        let routeText: String? = try h.db.read { try $0.scalar("SELECT route FROM cardio_traces") }
        let route = try JSONValue.parse(Data(try #require(routeText).utf8))
        #expect(route.arrayValue?.count == scan.count("<Location "))
    }

    /// The shared zip layout: export.xml and the gpx its <FileReference> names, in an export.zip;
    /// `auto` recognises it.
    @Test(.enabled(if: ImportHarness.sharedPresent, ImportHarness.sharedAbsence))
    func sharedZipLayoutImportsWithItsGPXRoute() throws {
        let xml = try ImportHarness.shared("apple-health/dogsheep__healthkit-to-sqlite__zip_contents_export.xml")
        let gpx = try ImportHarness.shared("apple-health/dogsheep__healthkit-to-sqlite__route_2019-06-11_3.00pm.gpx")
        let h = try ImportHarness()
        // Routes first, then export.xml: the order of the zip does not matter.
        let zip = try HealthZip.make(
            h.dir, "export.zip",
            [
                ("apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx", try Data(contentsOf: gpx)),
                ("apple_health_export/export.xml", try Data(contentsOf: xml)),
                ("apple_health_export/export_cda.xml", Data("<ClinicalDocument/>".utf8)),
            ])
        let record = try h.pipeline.run(kind: .auto, file: zip, source: "export.zip", userID: h.ada.id)
        let report = try #require(record.report)
        #expect(record.kind == "apple-health" && report.guessed)
        #expect(report.added["sessions"] == 1)
        let routeText: String? = try h.db.read { try $0.scalar("SELECT route FROM cardio_traces") }
        let route = try JSONValue.parse(Data(try #require(routeText).utf8))
        let points = try HealthScan(gpx).count("<trkpt ")
        #expect(route.arrayValue?.count == points)
        #expect(route.arrayValue?.first?.arrayValue?.first?.doubleValue == 37.781672)
    }

    /// What Health Auto Export pushed is not stored twice; a re-import adds nothing; undo removes exactly
    /// what the import added and leaves the pushed rows.
    @Test func overlapWithHealthAutoExportReimportAndUndo() throws {
        let url = ImportHarness.fixture("apple-health-ios17.xml")
        let h = try ImportHarness()
        let pushed: JSONValue = [
            "data": [
                "metrics": [
                    [
                        "name": "weight_body_mass", "units": "kg",
                        "data": [["date": "2024-03-02 07:00:00 +0000", "qty": 74.9]],
                    ],
                    // Pushed as one of the day's samples, not as its total: the day is still taken.
                    ["name": "step_count", "data": [["date": "2024-03-03 09:00:00 +0000", "qty": 3012]]],
                ],
                "workouts": [
                    ["name": "Outdoor Run", "start": "2024-03-02 18:00:00 +0000", "end": "2024-03-02 18:20:30 +0000"]
                ],
            ]
        ]
        _ = try h.db.write { conn in
            try HealthIngest.apply(
                pushed, userID: h.ada.id, calendar: HouseholdCalendar(timeZone: ImportHarness.zone),
                now: ImportHarness.now, in: conn)
        }
        let metricsBefore = try h.count("SELECT COUNT(*) FROM metrics")
        let record = try h.run(.appleHealth, url)
        let report = try #require(record.report)
        #expect(try metric(h, "weight") == [75.07, 74.9])  // 74.9 once, from the push
        #expect(try metric(h, "steps") == [2100, 3012])  // the pushed day total stays
        #expect(report.already["metrics"] == 2)
        #expect(report.already["sessions"] == 1)
        #expect(report.added["sessions"] == 1)
        #expect(h.sessions == 2)
        let added = report.added["metrics", default: 0]
        #expect(try h.count("SELECT COUNT(*) FROM metrics") == metricsBefore + added)

        let again = try #require(try h.run(.appleHealth, url).report)
        #expect(again.totalAdded == 0)
        #expect(again.already["metrics"] == added + 2)
        #expect(again.already["sessions"] == 2)

        try h.pipeline.undo(id: record.id, userID: h.ada.id)
        #expect(try h.count("SELECT COUNT(*) FROM metrics") == metricsBefore)
        #expect(try h.count("SELECT COUNT(*) FROM metrics WHERE source = 'apple_health'") == 0)
        #expect(h.sessions == 1)
        #expect(try h.count("SELECT COUNT(*) FROM cardio_traces") == 0)
    }

    func expectRefusal(_ h: ImportHarness, _ url: URL, kind: ImportKind = .appleHealth, _ words: String) {
        do {
            try h.run(kind, url)
            Issue.record("\(url.lastPathComponent) was imported")
        } catch let error as ImportError {
            #expect(error.description.contains(words), "\(error.description)")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect((try? h.count("SELECT COUNT(*) FROM metrics")) == 0)
        #expect(h.sessions == 0)
    }

    /// The Health app names the main document in the phone's language (`exportar.xml` in Spanish,
    /// `eksport.xml` in Norwegian) and keeps `export_cda.xml` English: before the fix such a zip was
    /// refused as not an Apple Health export.
    @Test func localizedExportNameInTheZipIsTheMainDocument() throws {
        let h = try ImportHarness()
        let xml = try Data(contentsOf: ImportHarness.fixture("apple-health-ios17.xml"))
        let english = try #require(try h.run(.appleHealth, ImportHarness.fixture("apple-health-ios17.xml")).report)
        let zip = try HealthZip.make(
            h.dir, "exportar.zip",
            [
                ("apple_health_export/export_cda.xml", Data("<?xml version=\"1.0\"?><ClinicalDocument/>".utf8)),
                ("apple_health_export/exportar.xml", xml),
                ("__MACOSX/apple_health_export/._exportar.xml", Data("resource fork".utf8)),
            ])
        let record = try h.pipeline.run(kind: .auto, file: zip, source: "exportar.zip", userID: h.ben.id)
        #expect(record.kind == "apple-health" && record.state == "done")
        let report = try #require(record.report)
        #expect(report.added == english.added && report.added["metrics"] ?? 0 > 0)
        #expect(AppleHealthImporter.isMainXML("apple_health_export/eksport.xml"))
        #expect(AppleHealthImporter.isMainXML("export.xml"))
        #expect(!AppleHealthImporter.isMainXML("apple_health_export/export_cda.xml"))
        #expect(!AppleHealthImporter.isMainXML("apple_health_export/workout-routes/route.xml"))
    }

    @Test func entityTricksAreRefusedBeforeParsing() throws {
        let h = try ImportHarness()
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" sourceName="&lol3;" startDate="2024-03-02 07:00:00 +0000" endDate="2024-03-02 07:00:00 +0000" value="70"/></HealthData>
            """
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" sourceName="&xxe;" startDate="2024-03-02 07:00:00 +0000" endDate="2024-03-02 07:00:00 +0000" value="70"/></HealthData>
            """
        for (name, text) in [("laughs.xml", laughs), ("xxe.xml", external)] {
            let url = URL(fileURLWithPath: h.dir + "/" + name)
            try Data(text.utf8).write(to: url)
            expectRefusal(h, url, "declares entities")
        }
    }

    @Test func truncatedZipBombAndTruncatedXMLAreRefusedWritingNothing() throws {
        let h = try ImportHarness()
        let xml = try Data(contentsOf: ImportHarness.fixture("apple-health-ios17.xml"))
        let whole = try HealthZip.make(h.dir, "whole.zip", [("apple_health_export/export.xml", xml)])
        let bytes = try Data(contentsOf: whole)
        let cut = URL(fileURLWithPath: h.dir + "/cut.zip")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        expectRefusal(h, cut, "truncated")

        let bomb = try HealthZip.make(h.dir, "bomb.zip", [], bomb: 40 << 20)
        expectRefusal(h, bomb, "100:1")

        let partial = URL(fileURLWithPath: h.dir + "/partial.xml")
        try xml.prefix(xml.count * 2 / 3).write(to: partial)
        expectRefusal(h, partial, "not well-formed")

        let noExport = try HealthZip.make(h.dir, "other.zip", [("apple_health_export/notes.txt", Data("hi".utf8))])
        expectRefusal(h, noExport, "not an Apple Health export")
        #expect(try h.count("SELECT COUNT(*) FROM imports WHERE state = 'failed'") == 4)
    }

    @Test func healthDatesOfEveryGeneration() throws {
        let modern = try #require(HealthDate.parse("2019-07-19 10:36:11 -0700"))
        #expect(modern.instant == Date(timeIntervalSince1970: 1_563_557_771))
        #expect(modern.offset == -25_200)
        #expect(modern.localDate == LocalDate(year: 2019, month: 7, day: 19))
        let compact = try #require(HealthDate.parse("20140114084347-0800"))
        #expect(compact.instant == Date(timeIntervalSince1970: 1_389_717_827))
        let iso = try #require(HealthDate.parse("2019-07-19T17:36:11Z"))
        #expect(iso.seconds == modern.seconds)
        // Late evening west of UTC is still that local day, filed at its local midnight.
        let late = try #require(HealthDate.parse("2014-01-14 23:30:00 -0800"))
        #expect(late.localDate == LocalDate(year: 2014, month: 1, day: 14))
        #expect(late.localMidnight.instant == Date(timeIntervalSince1970: 1_389_686_400))
        #expect(HealthDate.parse("2019-13-01 10:00:00 +0000") == nil)
        #expect(HealthDate.parse("2019-02-29 10:00:00 +0000") == nil)
        #expect(HealthDate.parse("yesterday") == nil)
    }
}
