// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

class QThreadPool;

namespace studio {

// The one registry of the thread pools background work of the widgets layer
// runs on, one pool per kind of work so that work that blocks for long cannot
// starve the rest. Every job in widgets (LatestJob, and the few fire-and-forget
// tasks) starts on one of these; waitForAll() drains them all at shutdown.
class JobPools final {
public:
    enum class Kind {
        Shared, // short interactive work: tensor reads, previews, statistics (LatestJob's default)
        Files,  // opening and validating cartons, housekeeping in the temporary folder
        Verify, // verification: blocks while it hashes on threads of its own
        Run,    // self-test runs: block for as long as the model takes
    };
    static constexpr int kindCount = 4;

    JobPools() = delete;

    static QThreadPool *pool(Kind kind);
    // Blocks until no job of any pool runs (a job that starts another is waited
    // for too). Results still need the event loop to be delivered. For shutdown and tests.
    static void waitForAll();
    // Threads busy with a job, over every pool.
    static int activeThreadCount();
};

} // namespace studio
