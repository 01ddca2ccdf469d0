import CFaultVFS
import Foundation

/// A path in a fresh temporary directory.
func temporaryDatabasePath(_ name: String = "reliability.sqlite") throws -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("codd-reliability-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

/// SplitMix64: a seeded generator, so a failing run is the same run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Process memory, from /proc/self/statm (Linux) and /proc/self/status.
enum ProcessMemory {
    /// Resident set size in bytes, or nil where /proc is missing.
    static var resident: Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Whether the process runs under the address or thread sanitizer, whose allocators
    /// keep freed memory (quarantine, shadow): memory bounds are not measured there.
    static var isSanitized: Bool {
        let handle = dlopen(nil, RTLD_NOW)
        defer { if let handle { dlclose(handle) } }
        return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
    }
}

/// The directory of the running test binary, where SwiftPM also puts the package's
/// executables (`codd-crash-writer`), whatever the scratch path (.build, .build-asan…).
func builtProduct(_ name: String) -> String? {
    var candidates: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    for directory in candidates {
        // The test binary may sit inside a bundle (macOS: .xctest/Contents/MacOS).
        var current = directory
        for _ in 0..<4 {
            let candidate = current.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            current.deleteLastPathComponent()
        }
    }
    return nil
}

/// The fault VFS's state is process-wide: every test that opens a database on it holds
/// this lock, so suites running in parallel never see each other's faults.
enum FaultVFSLock {
    private static let lock = NSLock()

    /// Runs `body` with the VFS registered and no fault armed, and disarms it after.
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        _ = codd_fault_vfs_register()
        codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0)
        defer { codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0) }
        return try body()
    }
}
