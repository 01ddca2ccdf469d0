import Codd
import Foundation
import Testing

/// A nested array or object read through a value's column reader is its JSON text without
/// the whitespace between tokens, as SQLite's `json_each` hands it on (the fuzzer's finding
/// `[["*9"\t\t]]`, kept in Fuzz/Corpus/FuzzJSON). Decoded as a `String` it is a typed error:
/// an array is not a string, as `JSONDecoder` says too.
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
        let (texts, decoded) = try bytes.withUnsafeMutableBytes { buffer in
            try SQLJSONValue.parse(UnsafeRawBufferPointer(buffer)) { value in
                let texts = try value.elements(for: [String].self).map { element in
                    element.kind == .string
                        ? try String(decodingJSON: element) : try String(reader: element.reader, at: 0)
                }
                return (texts, Result { try [String](decodingJSON: value) })
            }
        }
        #expect(texts == sqlite)
        #expect(throws: SQLDecodingError.self) { try decoded.get() }
        let foundation = Result { try JSONDecoder().decode([String].self, from: Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try foundation.get() }
    }
}
