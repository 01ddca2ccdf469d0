import CoddCore
import Testing

@Suite("Errors read well")
struct ErrorDescriptionTests {
    @Test func decodingErrorNamesTableColumnIndexStoragesValueAndReason() {
        let error = SQLDecodingError(
            type: "Int", table: "reminders", column: "priority", index: 2,
            expected: [.integer], actual: .text, valuePreview: "'high'", reason: .storageMismatch
        )
        #expect(
            error.description
                == #"Cannot decode Int from column "reminders"."priority" (index 2): expected INTEGER, found TEXT 'high': storage class mismatch"#
        )
    }

    @Test func nullIsNotPreviewedTwice() {
        let error = SQLDecodingError(
            type: "String", table: nil, column: "title", index: 0,
            expected: [.text], actual: .null, valuePreview: "NULL", reason: .unexpectedNull
        )
        #expect(
            error.description
                == #"Cannot decode String from column "title" (index 0): expected TEXT, found NULL: NULL in a column whose type does not accept NULL"#
        )
    }

    @Test func previewsAreAtMost64Characters() {
        let long = String(repeating: "x", count: 500)
        #expect(SQLValuePreview.truncated(long).count == 64)
        let bytes = Array(long.utf8)
        let text = bytes.withUnsafeBytes { SQLValuePreview.text($0) }
        #expect(text.count == 64)
        #expect(text.hasSuffix("…'"))
        let blob = bytes.withUnsafeBytes { SQLValuePreview.blob($0) }
        #expect(blob.count == 64)
        #expect(blob.hasPrefix("X'7878"))
        let error = SQLEncodingError(type: "String", valuePreview: long, reason: "r")
        #expect(error.valuePreview.count == 64)
    }

    @Test func typeNamesDropModulePrefixes() {
        #expect(SQLTypeName.of(Int.self) == "Int")
        #expect(SQLTypeName.of(Int?.self) == "Optional<Int>")
        #expect(SQLTypeName.of(Outer.Inner.self) == "ErrorDescriptionTests.Outer.Inner")
    }

    enum Outer { enum Inner {} }

    @Test func storageNamesResolveCaseInsensitively() {
        #expect(SQLStorage(name: "text") == .text)
        #expect(SQLStorage(name: "Blob") == .blob)
        #expect(SQLStorage(name: "VARCHAR") == nil)
        #expect(SQLStorage.allCases.map(\.description) == ["INTEGER", "REAL", "TEXT", "BLOB", "NULL"])
    }
}
