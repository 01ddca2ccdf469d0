#if PostgreSQL
import CoddPostgres
import Foundation
import Testing

/// The PostgreSQL server the tests run against: `scripts/with-postgres.sh` starts one and
/// exports `CODD_POSTGRES_URL`. Without it the PostgreSQL tests report themselves skipped;
/// with `CODD_REQUIRE_POSTGRES=1` (CI) they run and fail instead.
enum PGTestServer {
    static let environment = ProcessInfo.processInfo.environment

    static let configuration: PGConfiguration? = environment["CODD_POSTGRES_URL"].flatMap(PGConfiguration.init(url:))

    /// Whether the PostgreSQL tests run: a server is configured, or CI requires one.
    static let enabled = configuration != nil || environment["CODD_REQUIRE_POSTGRES"] == "1"

    /// The script that stops and starts the server (`bash "$CODD_POSTGRES_CTL" stop`).
    static let control = environment["CODD_POSTGRES_CTL"]

    struct NotConfigured: Error, CustomStringConvertible {
        var description: String {
            "CODD_REQUIRE_POSTGRES=1 but CODD_POSTGRES_URL is not set: run under scripts/with-postgres.sh"
        }
    }

    static func requireConfiguration() throws -> PGConfiguration {
        guard let configuration else { throw NotConfigured() }
        return configuration
    }

    /// A fresh pool on the test server.
    static func connect(
        maximumConnections: Int = 4, configure: (inout PGConfiguration) -> Void = { _ in }
    ) async throws -> PGDatabase {
        var configuration = try requireConfiguration()
        configuration.maximumConnections = maximumConnections
        configure(&configuration)
        return try await PGDatabase.connect(configuration)
    }

    /// Runs `body` with a pool, closing it afterwards.
    static func withDatabase<T: Sendable>(
        maximumConnections: Int = 4, configure: (inout PGConfiguration) -> Void = { _ in },
        _ body: (PGDatabase) async throws -> T
    ) async throws -> T {
        let database = try await connect(maximumConnections: maximumConnections, configure: configure)
        do {
            let value = try await body(database)
            await database.close()
            return value
        } catch {
            await database.close()
            throw error
        }
    }

    /// Runs the control script (`stop` or `start`).
    static func runControl(_ action: String) throws {
        guard let control else { throw NotConfigured() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [control, action]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PGError(kind: .misuse, message: "\(control) \(action) exited \(process.terminationStatus)")
        }
    }
}
#endif
