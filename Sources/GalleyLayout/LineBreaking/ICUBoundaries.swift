import CICU
import Foundation
@_spi(Stages) import GalleyText

/// Runs ICU's break iterators over texts, reusing iterators: opening one (loading its rules) costs more than
/// breaking a short paragraph, so each (type, locale) keeps a small pool of idle iterators.
///
/// Thread safety: an iterator is used by one thread at a time; the pool's lock guards only taking and returning.
enum ICUBoundaries {
    /// The idle iterators of one kind.
    private struct PoolEntry {
        let type: Int32
        let locale: String
        var idle: [OpaquePointer] = []
    }

    /// Idle iterators by kind, at most ``poolLimit`` of each and ``kindLimit`` kinds. Kinds are few (a type and a
    /// locale each), so a list searched in order beats hashing the locale on every call.
    private static let pool = Locked<[PoolEntry]>([])
    static let poolLimit = 8
    /// The most kinds kept: past it the kind met longest ago gives its iterators up, so that texts in thousands of
    /// languages cost neither memory nor a long search.
    static let kindLimit = 32

    /// The number of kinds now pooled.
    static var kindCount: Int { pool.withLock { $0.count } }

    /// The pool's entry for a kind, added when missing (the oldest kind closed when the pool is full).
    private static func entry(_ type: Int32, _ locale: String, in pool: inout [PoolEntry]) -> Int {
        if let index = pool.firstIndex(where: { $0.type == type && $0.locale == locale }) { return index }
        if pool.count >= kindLimit {
            pool.removeFirst().idle.forEach { CICU_ubrk_close($0) }
        }
        pool.append(PoolEntry(type: type, locale: locale))
        return pool.count - 1
    }

    /// Calls `body` with every boundary after the text's start (its end included), in order, and ICU's rule
    /// status for each.
    static func forEachBoundary(
        of text: ArraySlice<UInt16>, type: Int32, locale: String, _ body: (_ offset: Int, _ ruleStatus: Int32) -> Void
    ) throws {
        guard !text.isEmpty else { return }
        try withIterator(type: type, locale: locale) { iterator in
            try text.withUnsafeBufferPointer { try forEachBoundary(of: $0, with: iterator, body) }
        }
    }

    /// Calls `body` with an iterator of `type` for `locale` from the pool (opened when none is idle), returned to
    /// the pool afterwards; it has no text.
    static func withIterator<Result>(type: Int32, locale: String, _ body: (OpaquePointer) throws -> Result) throws
        -> Result
    {
        var status: Int32 = 0
        let iterator: OpaquePointer
        if let idle = pool.withLock({ $0[entry(type, locale, in: &$0)].idle.popLast() }) {
            iterator = idle
        } else if let opened = CICU_ubrk_open(type, locale, nil, 0, &status) {
            iterator = opened
        } else {
            let failure = status > 0 ? status : CICU_MEMORY_ALLOCATION_ERROR
            throw ICUError(
                operation: "ubrk_open(\(type), \"\(locale)\")", code: String(cString: CICU_errorName(failure)))
        }
        defer {
            // Detach the text before its buffer goes away, then keep the iterator for the next caller.
            var ignored: Int32 = 0
            CICU_ubrk_setText(iterator, nil, 0, &ignored)
            let kept = pool.withLock { pool -> Bool in
                let index = entry(type, locale, in: &pool)
                guard pool[index].idle.count < poolLimit else { return false }
                pool[index].idle.append(iterator)
                return true
            }
            if !kept { CICU_ubrk_close(iterator) }
        }
        try ICU.check(status, "ubrk_open(\(type), \"\(locale)\")")
        return try body(iterator)
    }

    /// Calls `body` with every boundary of `text` (not empty) after its start (its end included), in order, and
    /// ICU's rule status for each, found by `iterator` (from ``withIterator(type:locale:_:)``), which keeps the text
    /// until it is given another.
    static func forEachBoundary(
        of text: UnsafeBufferPointer<UInt16>, with iterator: OpaquePointer,
        _ body: (_ offset: Int, _ ruleStatus: Int32) -> Void
    ) throws {
        var status: Int32 = 0
        CICU_ubrk_setText(iterator, text.baseAddress, Int32(text.count), &status)
        try ICU.check(status, "ubrk_setText")
        _ = CICU_ubrk_first(iterator)
        while true {
            let offset = CICU_ubrk_next(iterator)
            guard offset >= 0 else { break }
            body(Int(offset), CICU_ubrk_getRuleStatus(iterator))
        }
    }
}
