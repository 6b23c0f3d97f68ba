import ForgeAPI
import ForgeCook
import ForgeCore
import ForgeHTTP
import Foundation
import Synchronization
import Testing

/// An in-memory ``ImageSink`` for tests.
final class MemoryImageSink: ImageSink, Sendable {
    let stored = Mutex<[(bytes: Data, type: String, source: String)]>([])
    func store(bytes: Data, contentType: String, sourceURL: String) throws -> String {
        stored.withLock { list in
            list.append((bytes, contentType, sourceURL))
            return "/api/food/media/mem\(list.count)"
        }
    }
    var count: Int { stored.withLock { $0.count } }
}

/// A real ForgeHTTP server on 127.0.0.1:0 standing in for a recipe website.
final class RecipeSite: Sendable {
    let server: HTTPServer
    let origin: String

    init(pages: [String: (type: String, body: Data)]) throws {
        var router = Router()
        for (path, page) in pages {
            router.get(path, summary: "test page") { _ in
                Response(status: 200, headers: ["Content-Type": page.type], body: page.body)
            }
        }
        router.get("/old-link", summary: "redirect") { _ in .redirect("/recipe") }
        server = HTTPServer(configuration: .init(listen: [ListenAddress("127.0.0.1:0")!]), responder: router.freeze())
        try server.start()
        origin = "http://127.0.0.1:\(server.boundAddresses[0].port)"
    }

    func stop() { server.stop() }

    static func page(hero: String) -> String {
        """
        <!doctype html><html><head><title>Traybake</title>
        <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},
        {"@type":"Recipe","name":"Charred Chickpea Traybake","recipeCategory":"Dinner","keywords":"traybake, vegan",
         "recipeIngredient":["400 g chickpeas, drained","2 tbsp olive oil","1 red onion","1 cup unobtainium"],
         "recipeInstructions":[{"@type":"HowToStep","text":"Heat the oven to 220C."},
           {"@type":"HowToStep","text":"Roast until the edges char, about 25 minutes."}],
         "totalTime":"PT35M","recipeYield":"Serves 4","image":"\(hero)",
         "nutrition":{"calories":"365 kcal","proteinContent":"21 g"}}]}</script>
        </head><body><h1>Traybake</h1></body></html>
        """
    }
}

@Suite(.serialized) struct ImportRouteTests {
    /// The closing-note run: a page imported by URL from a local site appears
    /// in the library; its hero 404s, so the remote URL is kept with a warning.
    @Test func pageImportedByURLAppearsInTheLibraryAndAFailedHeroIsKept() async throws {
        let site = try RecipeSite(pages: [
            "/recipe": ("text/html; charset=utf-8", Data(RecipeSite.page(hero: "/missing.jpg").utf8))
        ])
        defer { site.stop() }
        try await withTestServer(allowPrivateFetch: true) { server in
            let sink = MemoryImageSink()
            server.app.imageSink.install(sink)
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": .string(site.origin + "/old-link")], cookie: ada)
            #expect(reply.status == 200, "\(String(decoding: reply.data, as: UTF8.self))")
            let json = reply.json
            #expect(json["slug"] == "charred-chickpea-traybake")
            #expect(json["kcal"]?.doubleValue == 365)
            #expect(json["serves"] == 4 && json["minutes"] == 35)
            #expect(json["complete"] == false)
            let reasons = json["parked_because"]?.arrayValue?.compactMap(\.stringValue) ?? []
            // The page's prose parks nothing; a cup of a food that matches nothing is too much of the weight.
            #expect(!reasons.contains { $0.contains("done-when") })
            #expect(reasons == ["foods that match nothing make up 30.9 % of the weight (at most 5 %): unobtainium"])
            #expect(json["image"]?.stringValue == site.origin + "/missing.jpg")
            let warnings = json["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(warnings.count == 2 && warnings[0].contains("HTTP 404"))
            // A parked import names each reason in its warnings, with the fix.
            #expect(warnings[1].hasPrefix("parked: foods that match nothing") && warnings[1].contains("per 100 g"))
            #expect(sink.count == 0)
            #expect(json["source_url"]?.stringValue == site.origin + "/old-link")

            let library = try await server.get("/api/food/recipes?q=charred", cookie: ada)
            let listed = library.json["recipes"]?.arrayValue ?? []
            #expect(listed.count == 1 && listed.first?["complete"] == false)
            let detail = try await server.get("/api/food/recipes/charred-chickpea-traybake", cookie: ada)
            let lines = detail.json["ingredients"]?.arrayValue ?? []
            #expect(lines.first?["name"] == "chickpeas" && lines.first?["qty"]?.doubleValue == 400)
            #expect(lines[1]["name"] == "olive oil" && lines[1]["qty"]?.doubleValue == 30)
            #expect(detail.json["steps"]?.arrayValue?.first?["detail"] == "Heat the oven to 220C.")

            // Re-importing the same source URL updates in place.
            let again = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": .string(site.origin + "/old-link")], cookie: ada)
            #expect(again.json["updated"] == true)
            let count = try await server.get("/api/food/recipes?q=charred", cookie: ada)
            #expect(count.json["count"] == 1)
        }
    }

    @Test func aHeroThatLoadsIsStoredThroughTheSink() async throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4])
        let site = try RecipeSite(pages: [
            "/recipe": ("text/html", Data(RecipeSite.page(hero: "/hero.jpg").utf8)),
            "/hero.jpg": ("image/jpeg", jpeg),
        ])
        defer { site.stop() }
        try await withTestServer(allowPrivateFetch: true) { server in
            let sink = MemoryImageSink()
            server.app.imageSink.install(sink)
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": .string(site.origin + "/recipe")], cookie: ada)
            #expect(reply.json["image"] == "/api/food/media/mem1")
            // No image warning: only the parking reason (a cup of unobtainium).
            #expect(
                reply.json["warnings"]?.arrayValue?.allSatisfy { $0.stringValue?.hasPrefix("parked: ") == true } == true
            )
            #expect(reply.json["warnings"]?.arrayValue?.count == 1)
            let stored = sink.stored.withLock { $0 }
            #expect(stored.count == 1 && stored[0].bytes == jpeg && stored[0].type == "image/jpeg")
            #expect(stored.first?.source == site.origin + "/hero.jpg")
        }
    }

    @Test func theHeroBecomesAHouseholdBlobServedToMembers() async throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 9, 8, 7, 6])
        let site = try RecipeSite(pages: [
            "/recipe": ("text/html", Data(RecipeSite.page(hero: "/hero.jpg").utf8)),
            "/hero.jpg": ("image/jpeg", jpeg),
        ])
        defer { site.stop() }
        try await withTestServer(allowPrivateFetch: true) { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": .string(site.origin + "/recipe")], cookie: ada)
            let image = try #require(reply.json["image"]?.stringValue)
            #expect(image.hasPrefix("/api/food/media/"))
            // Any signed-in member may read household imagery; the bytes are the hero's.
            let ben = try await server.signIn("ben@example.org")
            let blob = try await server.get(image, cookie: ben)
            #expect(blob.status == 200 && blob.data == jpeg && blob.header("Content-Type") == "image/jpeg")
            #expect(try await server.get(image).status == 401)
            // Importing again reuses the stored blob instead of a second copy.
            let again = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": .string(site.origin + "/recipe")], cookie: ada)
            #expect(again.json["image"]?.stringValue == image)
        }
    }

    /// Issue 38 item 13: a page's ingredient headings ("For the pork:", "For the sauce:") become the
    /// sections of the lines under them and are no ingredient; the other lines weigh exactly as they do on a
    /// page without headings; a step that states its time offers that timer.
    @Test func headingsBecomeSectionsAndAStepsStatedTimeItsTimer() async throws {
        func page(_ name: String, headings: Bool) -> String {
            let pork = headings ? [#""For the pork:""#] : []
            let sauce = headings ? [#""For the sauce:""#] : []
            let lines =
                pork + [#""1 kg pork shoulder""#, #""2 tsp smoked paprika""#] + sauce
                + [#""200 ml cider vinegar""#, #""2 tbsp brown sugar""#]
            return #"<html><head><script type="application/ld+json">{"@type":"Recipe","name":"\#(name)","#
                + #""recipeIngredient":[\#(lines.joined(separator: ","))],"recipeInstructions":["#
                + #"{"@type":"HowToSection","name":"The pork","itemListElement":["#
                + #"{"@type":"HowToStep","text":"Rub the pork with the paprika and roast for 3 hours."}]},"#
                + #"{"@type":"HowToSection","name":"The sauce","itemListElement":["#
                + #"{"@type":"HowToStep","text":"Simmer the vinegar and sugar for 8–10 minutes."},"#
                + #"{"@type":"HowToStep","text":"Rest the pork 10 minutes, then pull it and toss it for 2 minutes."}]}]"#
                + "}</script></head><body></body></html>"
        }
        let site = try RecipeSite(pages: [
            "/pork": ("text/html", Data(page("Pulled Pork", headings: true).utf8)),
            "/plain": ("text/html", Data(page("Pulled Pork Plain", headings: false).utf8)),
        ])
        defer { site.stop() }
        try await withTestServer(allowPrivateFetch: true) { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import", json: ["url": .string(site.origin + "/pork")], cookie: ada)
            #expect(reply.status == 200, "\(String(decoding: reply.data, as: UTF8.self))")
            let plain = try await server.request(
                "POST", "/api/food/recipes/import", json: ["url": .string(site.origin + "/plain")], cookie: ada)
            let detail = try await server.get("/api/food/recipes/pulled-pork", cookie: ada)
            let lines = detail.json["ingredients"]?.arrayValue ?? []
            #expect(lines.compactMap { $0["raw"]?.stringValue }.allSatisfy { !$0.hasPrefix("For the") })
            #expect(
                lines.map { $0["section"]?.stringValue } == [
                    "For the pork", "For the pork", "For the sauce", "For the sauce",
                ])
            #expect(lines.first?["name"] == "pork shoulder")
            // The lines weigh as they do without the headings.
            let plainLines =
                try await server.get("/api/food/recipes/pulled-pork-plain", cookie: ada)
                .json["ingredients"]?.arrayValue ?? []
            #expect(lines.map { $0["kcal"] } == plainLines.map { $0["kcal"] } && lines.count == plainLines.count)
            #expect(lines.map { $0["grams"] } == plainLines.map { $0["grams"] })
            #expect(reply.json["kcal"] == plain.json["kcal"] && (reply.json["kcal"]?.doubleValue ?? 0) > 0)
            #expect(plainLines.allSatisfy { $0["section"] == nil })
            // Each step's one stated time is its timer; a step with two different times has none.
            let steps = detail.json["steps"]?.arrayValue ?? []
            #expect(steps.map { $0["minutes"]?.intValue } == [180, 10, nil])
            #expect(steps.map { $0["timer"]?.boolValue } == [true, true, nil])
            #expect(steps.map { $0["section"]?.stringValue } == ["The pork", "The sauce", "The sauce"])
            // The kitchen display reads the same sections and times.
            let kitchen = try await server.get("/api/kitchen/recipes/pulled-pork", cookie: ada)
            #expect(kitchen.status == 200)
            #expect(kitchen.json["ingredients"]?.arrayValue?.first?["section"] == "For the pork")
            #expect(kitchen.json["steps"]?.arrayValue?.first?["minutes"] == 180)
        }
    }

    @Test func privateTargetsAreRefusedUnlessAllowed() async throws {
        let site = try RecipeSite(pages: ["/recipe": ("text/html", Data(RecipeSite.page(hero: "/x.jpg").utf8))])
        defer { site.stop() }
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": .string(site.origin + "/recipe")], cookie: ada)
            #expect(reply.status == 400)
            #expect(reply.detail?.contains("private or local address") == true)
            let ftp = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": "ftp://example.org/r"], cookie: ada)
            #expect(ftp.status == 400 && ftp.detail == "url must be an http(s) URL")
            let library = try await server.get("/api/food/recipes?q=charred", cookie: ada)
            #expect(library.json["count"] == 0)
        }
    }

    @Test func givenHTMLIsImportedWithoutFetchingAndAPageWithoutARecipeIs422() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let html = RecipeSite.page(hero: "data:,nothing")
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": "https://cook.example.org/r/1", "html": .string(html)],
                cookie: ada)
            #expect(reply.status == 200)
            #expect(reply.json["source"] == "cook.example.org")
            #expect(reply.json["image"] == .null)
            let none = try await server.request(
                "POST", "/api/food/recipes/import",
                json: [
                    "url": "https://cook.example.org/r/2",
                    "html": "<html><body>Soup</body></html>",
                ], cookie: ada)
            // The detail says what was looked for.
            #expect(none.status == 422 && none.detail?.hasPrefix("no recipe found on the page: looked for") == true)
            #expect(
                none.detail?.contains("JSON-LD, microdata and RDFa") == true
                    && none.detail?.contains("Open Graph") == true)
            let missing = try await server.request("POST", "/api/food/recipes/import", json: [:], cookie: ada)
            #expect(missing.status == 422)
        }
    }

    /// The yield's words are stored beside `serves` (migration 0301) and read back.
    @Test func theYieldTextIsStoredBesideServes() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let html = RecipeSite.page(hero: "data:,nothing").replacingOccurrences(
                of: #""Serves 4""#, with: #"["24","24 cookies"]"#)
            let reply = try await server.request(
                "POST", "/api/food/recipes/import",
                json: ["url": "https://cook.example.org/r/cookies", "html": .string(html)],
                cookie: ada)
            #expect(reply.status == 200)
            #expect(reply.json["serves"] == 24 && reply.json["yield"] == "24 cookies")
            let slug = reply.json["slug"]?.stringValue ?? ""
            let detail = try await server.get("/api/food/recipes/\(slug)", cookie: ada)
            #expect(detail.status == 200)
            #expect(detail.json["serves"] == 24 && detail.json["yield"] == "24 cookies")
        }
    }

    /// Numbers are read in the page's locale ("1,200 g" is 1.2 g on a German
    /// page, 1200 g on an English one), and a line that only shares a word
    /// with a household row is not linked to it: "Salt and pepper to taste"
    /// is a seasoning to taste, negligible, and parks nothing.
    @Test func theLocaleReadsDecimalCommasAndAWeakMatchIsNoHouseholdLink() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            func page(_ lang: String) -> String {
                #"<html lang="\#(lang)"><head><script type="application/ld+json">{"@type":"Recipe","name":"Butterkuchen \#(lang)","#
                    + #""recipeIngredient":["1,200 g butter","Salt and pepper to taste"],"#
                    + #""recipeInstructions":["Bake until golden."],"nutrition":{"calories":"300 kcal"}}</script></head></html>"#
            }
            // Both readings link to the reference's "butter" (a g row): the
            // name is its exact name, and grams convert whatever the number.
            let expected: [String: (qty: JSONValue, ref: JSONValue, confidence: JSONValue)] = [
                "de-DE": (1.2, "butter", 1.0), "en-US": (1200, "butter", 1.0),
            ]
            for (lang, want) in expected.sorted(by: { $0.key < $1.key }) {
                let reply = try await server.request(
                    "POST", "/api/food/recipes/import",
                    json: ["url": .string("https://cook.example.org/\(lang)"), "html": .string(page(lang))],
                    cookie: ada)
                #expect(reply.status == 200)
                let warnings = reply.json["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(warnings.isEmpty, "\(warnings)")
                #expect(reply.json["complete"] == true)
                let detail = try await server.get(
                    "/api/food/recipes/\(reply.json["slug"]?.stringValue ?? "")", cookie: ada)
                let lines = detail.json["ingredients"]?.arrayValue ?? []
                #expect(lines.count == 2)
                #expect(lines.first?["qty"] == want.qty, "qty on the \(lang) page")
                #expect(lines.first?["ref"] == want.ref, "ref on the \(lang) page")
                #expect(lines.first?["ref_confidence"] == want.confidence, "ref_confidence on the \(lang) page")
                #expect(lines.first?["unit"] == "g" && lines.first?["disp"] == "1,200 g")
                #expect(lines.first?["raw"] == "1,200 g butter")
                // The weak line keeps the cook's words, no household link, and counts as negligible.
                #expect(lines.last?["name"] == "Salt and pepper to taste" && lines.last?["ref"] == nil)
                #expect(lines.last?["negligible"] == true && lines.last?["grams"] == nil)
                #expect(lines.last?["raw"] == "Salt and pepper to taste")
            }
        }
    }
}
