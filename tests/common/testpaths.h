// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The folders of this build, for tests and benchmarks: fixed at configure time
// in one object (testpaths.cpp), so that no other test object names the clone's
// folder and ccache shares them between clones (CI's and yours).

#include <QString>
#include <QStringView>

namespace testutil {

// ../shared beside the source tree (specs and upstream fixtures), then `tail`.
QString sharedPath(QStringView tail = {});
// The source tree, then `tail` ("/resources/sample").
QString sourcePath(QStringView tail = {});
// The build tree, then `tail` ("/bin/carton-runner-host").
QString binaryPath(QStringView tail = {});

} // namespace testutil
