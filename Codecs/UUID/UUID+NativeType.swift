import CoddCore
import Foundation

// Every UUID representation is a `uuid` on PostgreSQL (the codec binds and reads it
// natively there).

extension UUID: SQLNativelyTyped {
    public static var nativeTypeName: String { "uuid" }
}

extension UUID.UppercaseTextRepresentation: SQLNativelyTyped {
    public static var nativeTypeName: String { "uuid" }
}

extension UUID.BlobRepresentation: SQLNativelyTyped {
    public static var nativeTypeName: String { "uuid" }
}
