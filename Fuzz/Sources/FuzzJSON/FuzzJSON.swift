import Codd
import CoddCore
import Foundation
import FuzzSupport

// The JSON parser and value reader (Sources/CoddCore/JSON), through what @Table generates:
// a row's `init(decodingJSON:)` with a `[String]` JSON column, a date and a UUID; and a
// `[String]` read alone, by its one-pass path and by the general parser.
//
// Properties:
// - parsing and decoding either succeed or throw SQLJSONSyntaxError / SQLDecodingError;
// - JSON Codd parses, SQLite's json_valid() accepts;
// - a `[String]` Codd reads is what SQLite's json_each() reads, and the one-pass path,
//   when it answers, agrees with the general parser;
// - a decoded row, written to a table and read back as `json_object(…)` (jsonObject()),
//   decodes to the same row.

@Table("fuzz_rows")
struct FuzzRow: Equatable {
    var id: Int
    var title: String
    var note: String?
    var done: Bool
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String] = []
    var due: Date?
    var token: UUID?
}

nonisolated(unsafe) private let fuzz = FuzzDatabase { db in
    try db.execute(
        #"CREATE TABLE "fuzz_rows" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "note" TEXT, "done" INTEGER NOT NULL, "tags" TEXT NOT NULL, "due" TEXT, "token" TEXT)"#
    )
}

/// Runs `body` and returns what it returns, or nil when it throws one of Codd's typed
/// reading errors; any other error is a property failure.
private func typed<T>(_ bytes: UnsafeRawBufferPointer, _ body: () throws -> T) -> T? {
    do {
        return try body()
    } catch is SQLJSONSyntaxError {
    } catch is SQLDecodingError {
    } catch {
        fuzzCheck(false, "untyped error \(error) for \(fuzzDescribe(bytes))")
    }
    return nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    fuzz.run { db in
        let parses = typed(bytes) { try SQLJSONValue.parse(bytes) { _ in true } } ?? false
        if parses {
            var valid = try db.makeStatement("SELECT json_valid(CAST(?1 AS TEXT))")
            try [UInt8](bytes).bind(into: &valid)
            fuzzCheck(try valid.step() && valid.readInt64(at: 0) == 1, "Codd parses JSON SQLite finds invalid: \(fuzzDescribe(bytes))")
        }

        // A [String] column's value.
        let strings = typed(bytes) { try SQLJSONValue.parse(bytes) { try [String](decodingJSON: $0) } }
        if let plain = SQLJSONValue.plainStringArray(bytes) {
            fuzzCheck(plain == strings, "one-pass \(plain) but parser \(String(describing: strings)) for \(fuzzDescribe(bytes))")
        }
        if let strings {
            let elements = try db.fetchAll(String.self, "SELECT value FROM json_each(?)", String(decoding: bytes, as: UTF8.self))
            fuzzCheck(elements == strings, "Codd reads \(strings), json_each \(elements) from \(fuzzDescribe(bytes))")
        }

        // A row.
        guard let row = typed(bytes, { try SQLJSONValue.parse(bytes) { try FuzzRow(decodingJSON: $0) } }) else { return }
        try db.execute(#"DELETE FROM "fuzz_rows""#)
        try FuzzRow.insert([row]).execute(db)
        let reread = try FuzzRow.select { $0.jsonObject() }.fetchAll(db)
        fuzzCheck(reread == [row], "\(row) reads back through json_object as \(reread) (from \(fuzzDescribe(bytes)))")
    }
    return 0
}

@main
enum FuzzJSONMain {
    static func main() { runFuzzer(fuzzJSON) }
}
