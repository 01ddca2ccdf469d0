import Codd
import Foundation
import Testing

/// A nested array or object read as a `String` is its JSON text without the whitespace
/// between tokens, as SQLite's `json_each` hands it on (the fuzzer's finding
/// `[["*9"\t\t]]`, kept in Fuzz/Corpus/FuzzJSON).
@Suite struct JSONNestedTextTests {
    @Test(arguments: [
        "[[\"*9\"\t\t]]",
        "[ [ 1 , 2 ] , { \"a\" : \"x y\\\" z\" } , \"s\" ]",
        "[{\"k\":\n[true,\r\nnull]}]",
        "[[\"tab\\t kept\", \" spaces kept \"]]",
    ])
    func nestedValuesReadAsSQLiteJSONText(json: String) throws {
        let database = try Database.inMemory()
        let sqlite = try database.read { db in
            try db.fetchAll(String.self, "SELECT value FROM json_each(?)", json)
        }
        var bytes = Array(json.utf8)
        let codd = try bytes.withUnsafeMutableBytes { buffer in
            try SQLJSONValue.parse(UnsafeRawBufferPointer(buffer)) { try [String](decodingJSON: $0) }
        }
        #expect(codd == sqlite)
    }
}
