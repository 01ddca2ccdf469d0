import CoddCore
import Foundation

extension Date {
    /// The Date codecs, for annotation lookup (`SQLCodecRegistry`): `TEXT AS Date`
    /// (`YYYY-MM-DD HH:MM:SS.SSS`), `TEXT AS Date USING iso8601`, `INTEGER AS Date` (unix
    /// seconds), `INTEGER AS Date USING unixTimeMilliseconds`, `REAL AS Date` (julian day),
    /// `REAL AS Date USING unixTime`.
    public static let codecs: [SQLCodec] = [
        SQLCodec(name: "text", isDefault: true, representation: Date.self),
        SQLCodec(name: "iso8601", representation: Date.ISO8601Representation.self),
        SQLCodec(name: "unixTime", isDefault: true, representation: Date.UnixTimeRepresentation.self),
        SQLCodec(name: "unixTimeMilliseconds", representation: Date.UnixTimeMillisecondsRepresentation.self),
        SQLCodec(name: "julianDay", isDefault: true, representation: Date.JulianDayRepresentation.self),
        SQLCodec(name: "unixTime", representation: Date.UnixTimeRealRepresentation.self),
    ]
}
