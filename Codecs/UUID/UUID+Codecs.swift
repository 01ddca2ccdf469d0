import CoddCore
import Foundation

extension UUID {
    /// The UUID codecs, for annotation lookup (`SQLCodecRegistry`):
    /// `TEXT AS UUID` (lowercase, the default), `TEXT AS UUID USING uppercase`,
    /// `BLOB AS UUID` (16 bytes).
    public static let codecs: [SQLCodec] = [
        SQLCodec(name: "lowercase", isDefault: true, representation: UUID.self),
        SQLCodec(name: "uppercase", representation: UUID.UppercaseTextRepresentation.self),
        SQLCodec(name: "bytes", isDefault: true, representation: UUID.BlobRepresentation.self),
    ]
}
