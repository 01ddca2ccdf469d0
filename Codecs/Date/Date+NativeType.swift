import CoddCore
import Foundation

// Every Date representation is a `timestamptz` on PostgreSQL (the codec binds and reads
// it natively there, in microseconds).

extension Date: SQLNativelyTyped {
    public static var nativeTypeName: String { "timestamptz" }
}

extension Date.ISO8601Representation: SQLNativelyTyped {
    public static var nativeTypeName: String { "timestamptz" }
}

extension Date.JulianDayRepresentation: SQLNativelyTyped {
    public static var nativeTypeName: String { "timestamptz" }
}

extension Date.UnixTimeRepresentation: SQLNativelyTyped {
    public static var nativeTypeName: String { "timestamptz" }
}

extension Date.UnixTimeMillisecondsRepresentation: SQLNativelyTyped {
    public static var nativeTypeName: String { "timestamptz" }
}

extension Date.UnixTimeRealRepresentation: SQLNativelyTyped {
    public static var nativeTypeName: String { "timestamptz" }
}
