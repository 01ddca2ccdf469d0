// An app that imports CoddPostgres without turning on Codd's PostgreSQL trait is told to
// turn it on, not that the names do not exist.
import CoddPostgres

func connect(configuration: PGConfiguration) async throws {
    // expected-error: CoddPostgres needs Codd's PostgreSQL package trait
    _ = try await PGDatabase.connect(configuration)
}
