import CoddCore
import Testing

/// The qualifier map keeps its first entry inline and the others in a list: each way of
/// changing it must read back as a dictionary would.
@Suite("SQLQualifierMap")
struct SQLQualifierMapTests {
    @Test func readsBackAsADictionaryThroughEveryChange() {
        var map = SQLQualifierMap()
        var model: [String: String] = [:]
        #expect(map.isEmpty)
        func check(_ note: Comment) {
            for key in ["a", "b", "c", "d", "\u{2}#1", "x"] {
                #expect(map[key] == model[key], note)
            }
            #expect(map.isEmpty == model.isEmpty, note)
        }
        let changes: [(String, String?)] = [
            ("a", "A"), ("b", "B"), ("c", "C"), ("a", "A2"), ("b", "B2"),
            ("a", nil), ("b", nil), ("x", nil), ("\u{2}#1", "reminders"), ("c", nil),
            ("\u{2}#1", nil), ("d", "D"), ("d", nil),
        ]
        for (key, value) in changes {
            map[key] = value
            model[key] = value
            check("after setting \(key) to \(value ?? "nil")")
        }
    }

    @Test func aLiteralMapsLikeSettingInOrder() {
        let map: SQLQualifierMap = ["t1": "r", "t2": "lists"]
        #expect(map["t1"] == "r")
        #expect(map["t2"] == "lists")
        #expect(map["t3"] == nil)
    }
}
