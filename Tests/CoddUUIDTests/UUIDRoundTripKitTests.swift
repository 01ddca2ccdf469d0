import CoddTesting
import Foundation
import Testing

/// The shipped UUID codecs under the round-trip kit users test their own codecs with.
@Suite("UUID codecs under CoddTesting")
struct UUIDRoundTripKitTests {
    static let values: [UUID] = {
        var values = (0..<2_000).map { _ in UUID() }
        values.append(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        values.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
        return values
    }()

    @Test func lowercaseText() throws { try RoundTripCheck(UUID.self).run(values: Self.values) }
    @Test func uppercaseText() throws {
        try RoundTripCheck(UUID.UppercaseTextRepresentation.self).run(values: Self.values)
    }
    @Test func bytes() throws { try RoundTripCheck(UUID.BlobRepresentation.self).run(values: Self.values) }
}
