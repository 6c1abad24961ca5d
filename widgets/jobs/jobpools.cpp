// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "jobpools.h"

#include <QThread>
#include <QThreadPool>
#include <array>

namespace studio {

namespace {

struct Pools {
    std::array<QThreadPool, JobPools::kindCount> pools;

    Pools()
    {
        // Interactive work uses every core; opening and validating some of them
        // (the Files pool was QThreadPool::globalInstance, sized the same);
        // verification hashes on threads of its own; runs are few.
        pool(JobPools::Kind::Shared).setMaxThreadCount(qMax(2, QThread::idealThreadCount()));
        pool(JobPools::Kind::Files).setMaxThreadCount(qMax(2, QThread::idealThreadCount()));
        pool(JobPools::Kind::Verify).setMaxThreadCount(4);
        pool(JobPools::Kind::Run).setMaxThreadCount(2);
        for (QThreadPool &p : pools)
            p.setExpiryTimeout(10000);
    }

    QThreadPool &pool(JobPools::Kind kind) { return pools[size_t(kind)]; }
};

Pools &registry()
{
    static Pools pools;
    return pools;
}

} // namespace

QThreadPool *JobPools::pool(Kind kind)
{
    return &registry().pool(kind);
}

void JobPools::waitForAll()
{
    // A job may start another on a pool already drained: drain until all are idle.
    do {
        for (QThreadPool &p : registry().pools)
            p.waitForDone();
    } while (activeThreadCount() > 0);
}

int JobPools::activeThreadCount()
{
    int active = 0;
    for (const QThreadPool &p : registry().pools)
        active += p.activeThreadCount();
    return active;
}

} // namespace studio
