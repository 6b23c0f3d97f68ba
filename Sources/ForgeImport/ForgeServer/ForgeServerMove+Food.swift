import ForgeCoach
import ForgeCook
import ForgeCore
import ForgeStore
import Foundation

extension ForgeServerMove {
    /// Chat messages and coach runs, oldest first (forged numbers them itself).
    func carryCoach() throws {
        func byTime(_ table: String) -> [SourceRow] {
            snapshot.rows(table).sorted {
                ($0.text("created_at") ?? "", $0.number) < ($1.text("created_at") ?? "", $1.number)
            }
        }
        report.read("chat_messages", 0)
        let chatRows = byTime("chat_messages")
        for (i, row) in chatRows.enumerated() {
            report.read("chat_messages")
            defer { handled("chat_messages", i + 1, of: chatRows.count) }
            guard let user = member("chat_messages", row) else { continue }
            let who = row.string("who")
            guard who == "me" || who == "coach" else {
                skip("chat_messages", row, "out_of_bounds", "who \(who)")
                continue
            }
            do {
                try ChatStore.append(
                    userID: user, who: who, text: row.string("text"), now: try row.instant("created_at") ?? now,
                    in: conn)
                report.carried("chat_messages")
            } catch let e as SourceValueError {
                skip("chat_messages", row, "unreadable_value", e.description)
            }
        }
        report.read("agent_runs", 0)
        let agentRows = byTime("agent_runs")
        for (i, row) in agentRows.enumerated() {
            report.read("agent_runs")
            defer { handled("agent_runs", i + 1, of: agentRows.count) }
            guard let user = member("agent_runs", row) else { continue }
            let kind = row.string("kind")
            guard kind == "chat" || kind == "review" else {
                skip("agent_runs", row, "out_of_bounds", "kind \(kind)")
                continue
            }
            do {
                // The original's `note` is kept as the error of a failed run; forged numbers runs itself.
                let ok = try row.int("ok", 1) != 0
                let run = CoachRun(
                    kind: kind, model: row.string("model"), inputTokens: try row.int("input_tokens"),
                    outputTokens: try row.int("output_tokens"), toolCalls: try row.int("tool_calls"), ok: ok,
                    error: ok ? "" : row.string("note"))
                try CoachRunStore.record(run, userID: user, now: try row.instant("created_at") ?? now, in: conn)
                report.carried("agent_runs")
            } catch let e as SourceValueError {
                skip("agent_runs", row, "unreadable_value", e.description)
            }
        }
    }

    /// The macros of a recipe or meal-log row of the original, whose columns carry the
    /// contract's names (`kcal`, `protein_g`, …); a database from before some of them
    /// existed reads them as 0 (their `ADD COLUMN ... DEFAULT 0`).
    static func macros(_ row: SourceRow) throws -> Macros {
        Macros(
            kcal: try row.double("kcal"), proteinG: try row.double("protein_g"), carbsG: try row.double("carbs_g"),
            sugarG: try row.double("sugar_g"), fiberG: try row.double("fiber_g"), fatG: try row.double("fat_g"),
            satfatG: try row.double("satfat_g"), sodiumMg: try row.double("sodium_mg"))
    }

    /// Recipes (merged by slug), ingredients, food weeks, meal log and media.
    func carryFood() throws {
        try each("media_blobs") { row in
            var owner: String?
            if row.text("user_id") != nil {
                guard let u = member("media_blobs", row) else { return }
                owner = u
            }
            guard let bytes = try row.bytes("data"), !bytes.isEmpty else {
                skip("media_blobs", row, "out_of_bounds", "no image bytes")
                return
            }
            try MediaStore.insertKeepingID(
                id: row.string("id"), ownerID: owner, contentType: row.string("mime", "image/jpeg"), bytes: bytes,
                sourceURL: row.string("src_url"), createdAt: try row.instant("created_at") ?? now, in: conn)
            report.carried("media_blobs")
        }
        var merged: [String] = []
        try each("recipes") { row in
            let slug = row.string("slug")
            var r = MovedRecipe(slug: slug, name: row.string("name", slug))
            r.kind = row.string("kind", "dinner")
            guard !r.slug.isEmpty, ["dinner", "breakfast", "lunch", "snack"].contains(r.kind) else {
                skip("recipes", row, "out_of_bounds", "slug \"\(r.slug)\", kind \(r.kind)")
                return
            }
            r.minutes = try row.int("minutes")
            r.difficulty = row.string("difficulty", "easy")
            r.serves = try row.int("serves", 2)
            r.batch = try row.int("batch")
            r.why = row.string("why")
            r.platefig = row.string("platefig", "plate")
            r.source = row.string("source", "seed")
            r.sourceURL = row.string("source_url")
            r.rating = try row.double("rating")
            r.ratingCount = try row.int("rating_count")
            r.complete = try row.int("complete", 1)
            r.tags = try row.json("tags", "[]")
            r.steps = try row.json("steps", "[]")
            r.ingredients = try row.json("ingredients", "[]")
            r.images = try row.json("images", "[]")
            r.macros = try Self.macros(row)
            guard r.serves >= 1, r.minutes >= 0, r.macros.values.allSatisfy({ $0 >= 0 }) else {
                skip("recipes", row, "out_of_bounds", "serves \(r.serves), minutes \(r.minutes) or a negative macro")
                return
            }
            switch try RecipeStore.mergeMovedIn(r, now: now, in: conn) {
            case .inserted: report.carried("recipes")
            case .replaced:
                merged.append(r.slug)
                report.carried("recipes")
            case .same: report.kept("recipes")
            }
        }
        if !merged.isEmpty {
            report.list(
                ImportReport.replacedList,
                "\(merged.count) recipes of forged's library by the household's rows of the same slug (its library as it had it): "
                    + merged.joined(separator: ", "))
        }
        try each("ingredients") { row in
            let name = row.string("name")
            guard !name.isEmpty else {
                skip("ingredients", row, "out_of_bounds", "no name")
                return
            }
            let per100 = Macros(
                kcal: try row.double("kcal_100"), proteinG: try row.double("protein_100"),
                carbsG: try row.double("carbs_100"), sugarG: try row.double("sugar_100"),
                fiberG: try row.double("fiber_100"), fatG: try row.double("fat_100"),
                satfatG: try row.double("satfat_100"), sodiumMg: try row.double("sodium_100"))
            let added = try IngredientStore.insertMovedIn(
                name: name, aisle: row.string("aisle", "cupboard"), unit: row.string("unit", "g"),
                pack: row.string("pack"), per100: per100, pantry: try row.int("pantry") != 0, in: conn)
            if added { report.carried("ingredients") } else { report.kept("ingredients") }
        }
        let weeks = snapshot.rows("meal_revisions")
        if weeks.contains(where: { $0.text("user_id") == nil }) {
            let removed = try FoodWeekStore.deleteRevisions(scope: FoodWeekStore.household, in: conn)
            if removed > 0 { report.list(ImportReport.replacedList, "forged's first household food week") }
        }
        try each("meal_revisions") { row in
            // The household's week is user_id NULL; a seat's own rows are the demo's.
            guard row.text("user_id") == nil else {
                if members.contains(row.string("user_id")) {
                    skip("meal_revisions", row, "out_of_bounds", "a member's own food week (the original shares one)")
                } else {
                    skip("meal_revisions", row, "member_not_carried", "the demo seat's food week")
                }
                return
            }
            let status = row.string("status", "active")
            guard ["proposed", "active", "superseded"].contains(status) else {
                skip("meal_revisions", row, "out_of_bounds", "status \(status)")
                return
            }
            try FoodWeekStore.insertRevisionKeepingID(
                id: row.string("id"), scope: FoodWeekStore.household, num: try row.int("num"), status: status,
                rationale: row.string("rationale"), content: try row.json("content", "{}"),
                changes: try row.json("changes", "[]"), createdAt: try row.instant("created_at") ?? now, in: conn)
            report.carried("meal_revisions")
        }
        // Written a few hundred at a time (MealLogStore's multi-row inserts).
        var pending: [MovedMeal] = []
        func writePending() throws {
            try MealLogStore.insertKeepingID(pending, in: conn)
            pending.removeAll(keepingCapacity: true)
        }
        try MealLogStore.bulkLoad(in: conn) {
            try each("meal_log", from: \.meal) { row, conversion in
                guard member("meal_log", row) != nil, let m = try take(conversion, "meal_log", row) else { return }
                pending.append(m)
                if pending.count == Self.rowsPerWrite { try writePending() }
                report.carried("meal_log")
            }
            try writePending()
        }
    }
}
