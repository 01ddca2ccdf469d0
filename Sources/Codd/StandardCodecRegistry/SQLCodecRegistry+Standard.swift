import CoddCore
import CoddDate
import CoddDecimal
import CoddUUID
import Foundation

extension SQLCodecRegistry {
    /// Every codec Codd ships: the built-in types, UUID, Date and Decimal. Register your own on a
    /// copy: `var registry = SQLCodecRegistry.standard; try registry.register(Money.codecs)`.
    public static let standard: SQLCodecRegistry = {
        var registry = SQLCodecRegistry.builtIn
        // Codd's own codecs are distinct by construction; a clash would be a bug caught by
        // the registry's tests, so the error cannot reach a caller.
        try? registry.register(UUID.codecs)
        try? registry.register(Date.codecs)
        try? registry.register(Decimal.codecs)
        return registry
    }()
}
