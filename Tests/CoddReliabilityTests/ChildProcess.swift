import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process whose standard output the test reads line by line through a pipe, and
/// kills with SIGKILL. posix_spawn, not Foundation's Process: nothing runs in the child
/// between fork and exec, and no monitoring thread reads the pipe in the parent's place.
final class ChildProcess {
    let pid: pid_t
    private let output: Int32
    private var buffer: [UInt8] = []
    private var reachedEnd = false
    private var reaped = false

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ executable: String, _ arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw SpawnError(description: "pipe: \(errno)") }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard code == 0 else {
            close(pipeEnds[0])
            throw SpawnError(description: "posix_spawn \(executable): \(code)")
        }
        self.pid = pid
        self.output = pipeEnds[0]
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(output)
    }

    /// The next line the child printed, without its newline; nil at the end of its output.
    func line() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                reachedEnd = true
            } else {
                buffer += chunk[..<count]
            }
        }
    }

    /// Kills the child with SIGKILL and waits for it: no handler, no flush, no atexit.
    /// Returns whether the signal is what ended it (false: it had already exited).
    @discardableResult
    func killNow() -> Bool {
        kill(pid, SIGKILL)
        return waitForExit() == nil
    }

    /// Waits for the child; its exit status, or nil when a signal ended it.
    func waitForExit() -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : nil
    }
}
