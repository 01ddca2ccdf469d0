import CoddCore
import CoddSQLite
import CoddUUID
import Foundation
import FuzzSupport

// The UUID text parser (Codecs/UUID/UUIDText.swift), fed any bytes as a TEXT column, in
// both representations (lowercase, the default, and uppercase).
//
// Properties:
// - reading either gives a UUID or throws SQLDecodingError;
// - Codd accepts exactly the 36-byte `8-4-4-4-12` hexadecimal form (checked here by a
//   plain reference reading), and what it reads is Foundation's `UUID(uuidString:)` of the
//   same text (Foundation on Linux is laxer: it takes `0000- 000…`, sscanf-style; the
//   first run found that, a difference of Foundation's, not a property of Codd's);
// - what parses is the input in one case or the other: binding it back writes the input
//   lowercased (uppercased for the uppercase representation), which reads as the same UUID.

nonisolated(unsafe) private let fuzz = FuzzDatabase()

/// The reference: 36 bytes, dashes at 8, 13, 18 and 23, hexadecimal digits of either case
/// everywhere else.
private func isTextForm(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count == 36 else { return false }
    return bytes.enumerated().allSatisfy { offset, byte in
        if [8, 13, 18, 23].contains(offset) { return byte == UInt8(ascii: "-") }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUUID(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    fuzz.run { db in
        let statement = try db.makeStatement("SELECT CAST(?1 AS TEXT)")
        try statement.bindBlob(bytes)
        fuzzCheck(try statement.step(), "no row")
        var uuid: UUID?
        var uppercase: UUID?
        do {
            uuid = try UUID(reader: statement, at: 0)
            uppercase = try UUID.UppercaseTextRepresentation(reader: statement, at: 0).represented
        } catch is SQLDecodingError {
            fuzzCheck(uppercase == nil, "the uppercase representation failed alone")
        } catch {
            fuzzCheck(false, "untyped error \(error) for \(fuzzDescribe(bytes))")
            return
        }
        fuzzCheck(
            uuid == uppercase,
            "the two representations read \(String(describing: uuid)) and \(String(describing: uppercase))")

        fuzzCheck(
            (uuid != nil) == isTextForm(bytes),
            "Codd reads \(String(describing: uuid)) from \(fuzzDescribe(bytes)), the reference \(isTextForm(bytes) ? "accepts" : "refuses") it"
        )
        let text = String(validating: bytes, as: UTF8.self)
        guard let uuid, let text else { return }
        fuzzCheck(
            UUID(uuidString: text) == uuid,
            "Codd reads \(uuid), Foundation \(String(describing: UUID(uuidString: text))) from \(fuzzDescribe(bytes))"
        )

        for representation in [false, true] {
            var again = try db.makeStatement("SELECT ?1")
            if representation {
                try UUID.UppercaseTextRepresentation(represented: uuid).bind(into: &again)
            } else {
                try uuid.bind(into: &again)
            }
            fuzzCheck(try again.step(), "no row")
            let written = try again.readText(at: 0)
            fuzzCheck(
                written == (representation ? text.uppercased() : text.lowercased()),
                "\(fuzzDescribe(bytes)) is written back as \(written)"
            )
            fuzzCheck(try UUID(reader: again, at: 0) == uuid, "\(written) re-reads differently")
        }
    }
    return 0
}

@main
enum FuzzUUIDMain {
    static func main() { runFuzzer(fuzzUUID) }
}
