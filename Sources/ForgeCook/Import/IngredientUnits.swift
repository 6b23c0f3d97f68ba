/// Unit words of printed ingredient lines, in English, German, French,
/// Spanish, Italian and Dutch, each mapped to a canonical key and, where it
/// has one, a fixed size in grams or millilitres.
///
/// Spoon and cup sizes are the metric kitchen measures: tbsp 15 ml, tsp
/// 5 ml, cup 240 ml (US legal cup), fl oz 29.57 ml, pint 473 ml, quart
/// 946 ml; oz 28.35 g, lb 453.6 g. Count words (clove, can, bunch, …) have
/// no size and convert only to per-item reference rows.
package enum IngredientUnits {
    /// Canonical key → (dimension `g`/`ml`/`x`, size in that dimension).
    static let sizes: [String: (String, Double)] = [
        "g": ("g", 1), "kg": ("g", 1000), "mg": ("g", 0.001), "dkg": ("g", 10), "oz": ("g", 28.35), "lb": ("g", 453.6),
        "ml": ("ml", 1), "cl": ("ml", 10), "dl": ("ml", 100), "l": ("ml", 1000), "tbsp": ("ml", 15),
        "tsp": ("ml", 5), "cup": ("ml", 240), "fl oz": ("ml", 29.57), "pint": ("ml", 473), "quart": ("ml", 946),
        "gallon": ("ml", 3785),
    ]

    /// Written form (lower-cased, no trailing dot) → canonical key.
    static let words: [String: String] = {
        var map: [String: String] = [:]
        func add(_ key: String, _ forms: [String]) { for f in forms { map[f] = key } }
        add(
            "g",
            [
                "g", "gr", "grs", "gm", "gms", "gram", "grams", "gramm", "gramme", "grammes", "gramos", "grammi",
                "grammo", "gramo", "grama", "gramas",
            ])
        add(
            "kg",
            [
                "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramm", "kilogramme", "kilogramos", "chilo",
                "quilo", "quilos", "quilograma", "quilogramas",
            ])
        add("mg", ["mg", "milligram", "milligrams"])
        // Hungarian, Polish and Czech decagrams (10 g).
        add("dkg", ["dkg", "dag", "dekagram", "dekagramy"])
        // Scandinavian, Portuguese, Hungarian, Polish and Czech measures.
        add(
            "tbsp",
            [
                "ek", "evőkanál", "colher de sopa", "colheres de sopa", "colher (sopa)", "colheres (sopa)",
                "łyżka", "łyżki", "łyżek", "lžíce", "lžíci", "ss", "matsked", "spiseskje",
            ])
        add(
            "tsp",
            [
                "kk", "kávéskanál", "colher de chá", "colheres de chá", "colher (chá)", "colheres (chá)",
                "łyżeczka", "łyżeczki", "łyżeczek", "lžička", "lžičky", "teskje", "tesked",
            ])
        add("cup", ["xícara", "xícaras", "xicara", "xicaras", "szklanka", "szklanki", "bögre", "hrnek"])
        add("clove", ["gerezd", "dente", "dentes", "ząbek", "ząbki", "ząbków", "stroužek", "stroužky", "fedd"])
        add("head", ["fej"])
        add(
            "piece",
            [
                "db", "darab", "unidade", "unidades", "unid", "szt", "sztuki", "sztuka", "ks", "kusy", "st",
                "stk", "stykke",
            ])
        add("pinch", ["csipet", "pitada", "pitadas", "szczypta", "špetka", "nypa", "knivspets", "knsp"])
        add("sprig", ["szál", "ramo", "raminho", "gałązka"])
        add("oz", ["oz", "ozs", "ounce", "ounces", "onza", "onzas"])
        add("lb", ["lb", "lbs", "pound", "pounds", "libra", "libras"])
        add("ml", ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "mililitros", "millilitri"])
        add("cl", ["cl", "centilitre", "centilitres", "centiliter"])
        add("dl", ["dl", "decilitre", "deciliter"])
        add("l", ["l", "litre", "litres", "liter", "liters", "litro", "litros", "litri"])
        add(
            "tbsp",
            [
                "tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tablespoon", "tablespoons", "el", "essl", "esslöffel",
                "eetlepel", "eetlepels", "cs", "càs", "c.à.s", "cas", "c.s", "c. s", "c. à s", "c. a s", "c.a.s", "msk",
                "spsk",
                "cuill. à soupe", "cuil. à soupe", "cuillère", "soup spoon", "soupspoon", "cuillère à soupe",
                "cuillères à soupe",
                "c. à soupe", "c. a soupe", "c à soupe", "cda", "cdas", "cucharada", "cucharadas", "cucchiaio",
                "cucchiai", "tb", "tbspn", "c. de sopa", "c. sopa", "colher de sopa", "colheres de sopa",
            ])
        add(
            "tsp",
            [
                "tsp", "tsps", "teaspoon", "teaspoons", "tl", "teel", "teelöffel", "theelepel", "theelepels", "cc",
                "càc", "c.à.c", "cac", "c.c", "c. c", "c. à c", "c. a c", "c.a.c", "tsk", "cuill. à café",
                "cuil. à café", "cuillère à café", "cuillères à café", "c. à café", "c. a café", "c à café",
                "cdta", "cdtas", "cucharadita", "cucharaditas", "cucchiaino", "cucchiaini", "c. de chá", "c. de cha",
                "c. chá", "colher de chá", "colheres de chá", "colher de cha", "colheres de cha",
            ])
        add(
            "cup",
            [
                "cup", "cups", "c", "tasse", "tassen", "taza", "tazas", "tazza", "tazze", "kopje", "kopjes",
                "beker", "bekers", "becher", "verre", "verres", "bicchiere", "bicchieri",
            ])
        add("fl oz", ["fl oz", "fl. oz", "fluid ounce", "fluid ounces", "floz"])
        add("pint", ["pint", "pints", "pt"])
        add("quart", ["quart", "quarts", "qt"])
        add("gallon", ["gallon", "gallons", "gal"])
        add(
            "clove",
            [
                "clove", "cloves", "zehe", "zehen", "knoblauchzehe", "knoblauchzehen", "gousse", "gousses",
                "diente", "dientes", "spicchio", "spicchi", "teen", "teentje", "teentjes", "tenen",
            ])
        add(
            "can",
            [
                "can", "cans", "tin", "tins", "dose", "dosen", "boîte", "boîtes", "lata", "latas", "lattina",
                "blik", "blikken", "jar", "jars", "glas", "gläser", "frasco", "frascos", "bote", "botes", "dåse",
                "bocal",
            ])
        add(
            "pack",
            [
                "pack", "packs", "package", "packages", "box", "boxes", "bag", "bags", "packet", "packets", "pkg",
                "pkt", "container", "containers", "tub", "tubs", "carton", "cartons",
                "packung", "paquete", "confezione", "pak", "pakje",
            ])
        // A sachet (vanilla sugar, baking powder, yeast) weighs grams, not a pack's hundreds.
        add(
            "sachet",
            ["sachet", "sachets", "päckchen", "pck", "sobre", "sobres", "bustina", "bustine", "zakje", "zakjes"])
        add("bunch", ["bunch", "bunches", "bund", "botte", "bouquet", "manojo", "mazzo", "mazzetto", "bos", "bosje"])
        add(
            "pinch",
            [
                "pinch", "pinches", "prise", "prisen", "pincée", "pincées", "pizca", "pizcas", "pizzico",
                "snufje", "snuf", "msp", "messerspitze",
            ])
        add(
            "drop",
            [
                "drop", "drops", "tropfen", "goutte", "gouttes", "gota", "gotas", "goccia", "gocce", "druppel",
                "druppels",
            ])
        add("dash", ["dash", "dashes", "spritzer", "splash", "schuss", "trait", "chorrito", "scheutje", "spruzzo"])
        add(
            "slice",
            [
                "slice", "slices", "scheibe", "scheiben", "tranche", "tranches", "rebanada", "rebanadas", "fetta",
                "fette", "plak", "plakken", "plakje", "plakjes",
            ])
        add(
            "piece",
            [
                "piece", "pieces", "stück", "stk", "morceau", "morceaux", "pieza", "piezas", "pezzo", "pezzi",
                "stuk", "stuks", "pcs", "pc", "unité", "unités", "trozo", "trozos", "item", "items",
            ])
        add(
            "sprig",
            [
                "sprig", "sprigs", "zweig", "zweige", "brin", "brins", "ramita", "ramitas", "rametto", "takje",
                "takjes",
            ])
        add("handful", ["handful", "handfuls", "handvoll", "poignée", "puñado", "manciata", "handje", "handvol"])
        add("stick", ["stick", "sticks", "stange", "stangen"])
        add("scoop", ["scoop", "scoops", "messlöffel"])
        add("head", ["head", "heads", "kopf", "tête", "cabeza", "cespo", "krop", "kropje"])
        add("stalk", ["stalk", "stalks", "rib", "ribs", "stängel", "branche", "tallo", "costa", "stengel", "stengels"])
        // Chinese, Japanese and Korean measures, written right against the number ("150克", issue 28).
        add("g", ["克", "公克", "グラム", "그램"])
        add("kg", ["千克", "公斤", "キロ", "킬로그램"])
        add("ml", ["毫升", "ミリリットル", "밀리리터"])
        add("l", ["升", "公升", "リットル", "리터"])
        add("tbsp", ["汤匙", "大勺", "大匙", "大さじ", "큰술"])
        add("tsp", ["茶匙", "小勺", "小匙", "小さじ", "작은술"])
        add("cup", ["杯", "カップ", "컵"])
        add("clove", ["瓣", "かけ", "쪽"])
        add("piece", ["个", "個", "只", "颗", "顆", "块", "塊", "根", "本", "枚", "개"])
        add("slice", ["片"])
        return map
    }()

    /// Longest written form first, so "fl oz" wins over "fl" and "c. à soupe" over "c".
    static let formsByLength: [[Character]] = words.keys.sorted { $0.count > $1.count }.map(Array.init)

    /// ``formsByLength`` by their first character, in the same order: a line's position looks only at the
    /// forms that start as it does.
    static let formsByFirst: [Character: [[Character]]] = Dictionary(grouping: formsByLength) { $0[0] }

    /// The unit written at `index` of `chars` (followed by a non-letter or
    /// the end, and an optional dot): its canonical key and its length.
    static func unit(at chars: [Character], _ index: Int) -> (String, Int)? {
        guard index < chars.count, let forms = formsByFirst[Character(chars[index].lowercased())] else { return nil }
        for form in forms where index + form.count <= chars.count {
            var same = true
            for (offset, ch) in form.enumerated() where Character(chars[index + offset].lowercased()) != ch {
                same = false
                break
            }
            guard same else { continue }
            var end = index + form.count
            // A CJK measure is its own word: the name may follow with no space ("150克鸡胸肉").
            let cjk = form.allSatisfy(\.isCJK)
            if end < chars.count, chars[end].isLetter, !cjk { continue }
            if end < chars.count, chars[end] == "." { end += 1 }
            // A one-letter form ("c", "l") only counts when a name follows it.
            if form.count == 1, form != ["g"], !cjk, end >= chars.count { continue }
            return (words[String(form)] ?? String(form), end - index)
        }
        return nil
    }

    /// `qty` of `unit` in the dimension `dimension` (`g`, `ml`), or nil
    /// when the unit has no fixed size there. A count (`unit` empty) converts
    /// only to `x`, as do count words.
    package static func convert(_ qty: Double, unit: String, to dimension: String) -> Double? {
        if dimension == "x" {
            return (unit.isEmpty || sizes[unit] == nil) && !["pinch", "dash", "handful"].contains(unit) ? qty : nil
        }
        guard let (d, size) = sizes[unit], d == dimension else { return nil }
        return qty * size
    }
}

extension Character {
    /// A Han, kana or Hangul character: scripts written without spaces between words.
    var isCJK: Bool {
        guard let v = unicodeScalars.first?.value else { return false }
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x3040...0x30FF).contains(v)
            || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
    }
}
