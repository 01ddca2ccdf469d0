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
// - Codd accepts exactly what Foundation's `UUID(uuidString:)` accepts, as the same UUID;
// - what parses is the input in one case or the other: binding it back writes the input
//   lowercased (uppercased for the uppercase representation), which reads as the same UUID.

nonisolated(unsafe) private let fuzz = FuzzDatabase()

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
        fuzzCheck(uuid == uppercase, "the two representations read \(String(describing: uuid)) and \(String(describing: uppercase))")

        let text = String(validating: bytes, as: UTF8.self)
        let foundation = text.flatMap { UUID(uuidString: $0) }
        fuzzCheck(
            uuid == foundation,
            "Codd reads \(String(describing: uuid)), Foundation \(String(describing: foundation)) from \(fuzzDescribe(bytes))"
        )
        guard let uuid, let text else { return }

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
