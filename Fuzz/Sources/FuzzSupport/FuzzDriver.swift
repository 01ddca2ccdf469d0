import Foundation
/// libFuzzer's driver, the `main` of `-sanitize=fuzzer` as a function
/// (`compiler-rt/lib/fuzzer/FuzzerInterface.h`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer on `target` with the process's arguments, then exits with its status.
///
/// SwiftPM gives an executable target's entry point a name of its own and links `main` to
/// it, so libFuzzer's own `main` is not the one that runs: each target's `@main` calls
/// this instead, and the target's `LLVMFuzzerTestOneInput` is what libFuzzer tests.
public func runFuzzer(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}
