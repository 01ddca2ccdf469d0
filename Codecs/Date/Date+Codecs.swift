import CoddCore
import Foundation

extension Date {
    /// The Date codecs, for annotation lookup (``SQLCodecRegistry``): `TEXT AS Date`
    /// (`YYYY-MM-DD HH:MM:SS.SSS`), `TEXT AS Date USING iso8601`, `INTEGER AS Date` (unix
    /// seconds), `INTEGER AS Date USING unixTimeMilliseconds`, `REAL AS Date` (julian day),
    /// `REAL AS Date USING unixTime`.
    public static let codecs: [SQLCodec] = [
        SQLCodec(typeName: "Date", name: "text", isDefault: true, representation: Date.self),
        SQLCodec(typeName: "Date", name: "iso8601", representation: Date.ISO8601Representation.self),
        SQLCodec(typeName: "Date", name: "unixTime", isDefault: true, representation: Date.UnixTimeRepresentation.self),
        SQLCodec(typeName: "Date", name: "unixTimeMilliseconds", representation: Date.UnixTimeMillisecondsRepresentation.self),
        SQLCodec(typeName: "Date", name: "julianDay", isDefault: true, representation: Date.JulianDayRepresentation.self),
        SQLCodec(typeName: "Date", name: "unixTime", representation: Date.UnixTimeRealRepresentation.self),
    ]
}
