import CoddCore
import CoddDate
import CoddJSON
import CoddSQLite
import CoddUUID
import Foundation
import FuzzSupport

// The JSON parser and value reader (Sources/CoddCore/JSON), through a row's
// `init(decodingJSON:)` with a `[String]` JSON column, a date and a UUID; and a `[String]`
// read alone, by its one-pass path and by the general parser.
//
// Properties:
// - parsing and decoding either succeed or throw SQLJSONSyntaxError / SQLDecodingError;
// - JSON Codd parses, SQLite's json_valid() accepts;
// - a `[String]` Codd reads is what SQLite's json_each() reads, and the one-pass path,
//   when it answers, agrees with the general parser;
// - a `[String]`, `[Int]` or `[Double]` Codd reads is what Foundation's JSONDecoder reads,
//   and Codd refuses what it refuses (Codd's typed reading is as strict as JSONDecoder's);
// - a decoded row, written to a table and read back as `json_object(…)` (the form
//   `jsonObject()` renders), decodes to the same row.
//
// The row's `init(decodingJSON:)` is written out as `@Table` expands it (the expansion
// Tests/CoddMacrosTests/TableMacroTests pins), so that this target does not need the macro
// plugin (built optimized and instrumented with the fuzz package, it would cost most of
// its build; no fuzz target needs it).

struct FuzzRow: Equatable {
    var id: Int
    var title: String
    var note: String?
    var done: Bool
    var tags: [String] = []
    var due: Date?
    var token: UUID?

    init(decodingJSON json: SQLJSONValue) throws {
        var members = try json.members(for: Self.self)
        self.id = try Int(decodingJSON: members.value(forKey: "id"))
        self.title = try String(decodingJSON: members.value(forKey: "title"))
        self.note = try String?(decodingJSON: members.value(forKey: "note"))
        self.done = try Bool(decodingJSON: members.value(forKey: "done"))
        self.tags = try [String].JSONRepresentation(decodingJSON: members.value(forKey: "tags")).represented
        self.due = try Date?(decodingJSON: members.value(forKey: "due"))
        self.token = try UUID?(decodingJSON: members.value(forKey: "token"))
    }
}

/// The row as `jsonObject()` renders it: a JSON column through `json(…)`.
private let readBackSQL = """
    SELECT json_object('id', "id", 'title', "title", 'note', "note", 'done', "done", \
    'tags', json("tags"), 'due', "due", 'token', "token") FROM "fuzz_rows"
    """

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

/// Whether a number in the text has a fraction or an exponent that leaves it not whole
/// (`66666666666666666.6`, `15e-1`), read exactly as decimal digits.
private func hasFraction(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        guard character == "-" || character.isASCII && character.isNumber else {
            index = text.index(after: index)
            continue
        }
        var end = index
        while end < text.endIndex, "+-.eE0123456789".contains(text[end]) { end = text.index(after: end) }
        if !isWhole(text[index..<end]) { return true }
        index = end
    }
    return false
}

/// Whether a number token spells a whole number: its digits after the point, less those the
/// exponent moves before it, are zeros.
private func isWhole(_ token: Substring) -> Bool {
    let parts = token.split(whereSeparator: { $0 == "e" || $0 == "E" })
    let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    let mantissa = parts.first ?? ""
    let fraction = mantissa.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first ?? ""
    let digits = (mantissa.split(separator: ".", omittingEmptySubsequences: false).first ?? "") + fraction
    let scale = exponent - fraction.count
    guard scale < 0 else { return true }
    return digits.suffix(-scale).allSatisfy { $0 == "0" || $0 == "-" }
}

/// Checks that Codd read `codd` from the input exactly when JSONDecoder reads it, and the
/// same values. Where JSONDecoder accepts text that is not JSON (a trailing comma), Codd
/// refuses it with SQLite's `json_valid`: `valid` says whether Codd parsed the text at all.
/// JSONDecoder refuses some valid numbers (`0e1`); a number Codd reads there must be the
/// one the text says. A document with a NUL is left out: SQLite's TEXT stops there.
private func agree<T: Decodable & Equatable>(
    _ type: T.Type, _ codd: T?, with data: Data, from bytes: UnsafeRawBufferPointer, valid: Bool
) {
    guard !bytes.contains(0) else { return }
    let foundation = try? JSONDecoder().decode(T.self, from: data)
    switch (codd, foundation) {
    case (let codd?, let foundation?):
        fuzzCheck(
            codd == foundation, "Codd reads \(codd), JSONDecoder \(foundation) as \(T.self) from \(fuzzDescribe(bytes))"
        )
    case (nil, _?):
        // JSONDecoder drops a fraction a Double cannot hold (`12345678901234567.5` as an Int);
        // Codd refuses a number that is not whole (docs/Codecs.md).
        let truncates = T.self == [Int].self && hasFraction(bytes)
        fuzzCheck(
            !valid || truncates,
            "Codd refuses, JSONDecoder reads \(String(describing: foundation)) as \(T.self) from valid JSON \(fuzzDescribe(bytes))"
        )
    case (_?, nil):
        let numbers = T.self == [Double].self || T.self == [Int].self
        fuzzCheck(
            numbers,
            "Codd reads \(String(describing: codd)), JSONDecoder refuses it as \(T.self): \(fuzzDescribe(bytes))")
    case (nil, nil):
        break
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    fuzz.run { db in
        let parses = typed(bytes) { try SQLJSONValue.parse(bytes) { _ in true } } ?? false
        if parses {
            var valid = try db.makeStatement("SELECT json_valid(CAST(?1 AS TEXT))")
            try [UInt8](bytes).bind(into: &valid)
            fuzzCheck(
                try valid.step() && valid.readInt64(at: 0) == 1,
                "Codd parses JSON SQLite finds invalid: \(fuzzDescribe(bytes))")
        }

        // A [String] column's value.
        let strings = typed(bytes) { try SQLJSONValue.parse(bytes) { try [String](decodingJSON: $0) } }
        if let plain = SQLJSONValue.plainStringArray(bytes) {
            fuzzCheck(
                plain == strings,
                "one-pass \(plain) but parser \(String(describing: strings)) for \(fuzzDescribe(bytes))")
        }
        // SQLite's json_each() ends a value at a `\u0000` (it hands the text on as a C
        // string), where Codd keeps the NUL and what follows, as JSON says: the first run
        // found this; the comparison leaves such arrays out.
        if let strings, !strings.contains(where: { $0.utf8.contains(0) }) {
            let elements = try db.fetchAll(
                String.self, "SELECT value FROM json_each(?)", String(decoding: bytes, as: UTF8.self))
            fuzzCheck(elements == strings, "Codd reads \(strings), json_each \(elements) from \(fuzzDescribe(bytes))")
        }

        // As strict as JSONDecoder, and reading the same values.
        let data = Data(bytes)
        agree([String].self, strings, with: data, from: bytes, valid: parses)
        agree(
            [Int].self, typed(bytes) { try SQLJSONValue.parse(bytes) { try [Int](decodingJSON: $0) } }, with: data,
            from: bytes, valid: parses)
        agree(
            [Double].self, typed(bytes) { try SQLJSONValue.parse(bytes) { try [Double](decodingJSON: $0) } },
            with: data, from: bytes, valid: parses)

        // A row.
        guard let row = typed(bytes, { try SQLJSONValue.parse(bytes) { try FuzzRow(decodingJSON: $0) } }) else {
            return
        }
        try db.execute(#"DELETE FROM "fuzz_rows""#)
        try db.execute(
            #"INSERT INTO "fuzz_rows" VALUES (?, ?, ?, ?, ?, ?, ?)"#,
            row.id, row.title, row.note, row.done, [String].JSONRepresentation(represented: row.tags), row.due,
            row.token
        )
        let objects = try db.fetchAll(String.self, readBackSQL)
        let reread = try objects.map { object in
            try Array(object.utf8).withUnsafeBytes { json in
                try SQLJSONValue.parse(json) { try FuzzRow(decodingJSON: $0) }
            }
        }
        fuzzCheck(
            reread == [row],
            "\(row) reads back through json_object \(objects) as \(reread) (from \(fuzzDescribe(bytes)))")
    }
    return 0
}

@main
enum FuzzJSONMain {
    static func main() { runFuzzer(fuzzJSON) }
}
