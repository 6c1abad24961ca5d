// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "runner/modelinspection.h"

#include <QObject>
#include <QPointer>
#include <memory>
#include <optional>

class QTemporaryDir;
class QWidget;

namespace carton {
class Carton;
class ModelSet;
struct ModelEntry;
} // namespace carton

namespace studio {

class LatestJob;
class RunConsent;

// Inspects the model of a carton, or a bare model file, in the sandboxed runner
// host for the Model page (carton::inspectModel). The runner follows the file's
// content, not the carton's runner_name: a TorchScript archive is inspected by
// the torchscript runner. The torchscript runner reads model/model.pt, so that is
// the file inspected in a carton; a bare file is placed in a scratch folder carton
// as model/model.pt (a hard link, else a copy, made off the GUI thread). The user
// is asked first (RunConsent); the work runs off the GUI thread.
class ModelInspector final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelInspector)

public:
    // Either a carton or a bare file's path.
    ModelInspector(std::shared_ptr<const carton::Carton> carton, const QString &filePath, QObject *parent = nullptr);
    ~ModelInspector() override;

    // Who asks before a carton's code runs; for a bare file the inspector asks
    // through its own RunConsent (on `dialogParent`).
    void setConsent(RunConsent *consent);
    // Asks, then starts; false when the user said no or nothing can be inspected.
    bool start(const carton::ModelEntry &entry, QWidget *dialogParent);
    bool isRunning() const;

    const std::optional<carton::ModelInspection> &inspection() const { return m_inspection; }
    const QString &error() const { return m_error; }

signals:
    // start() finished: inspection() or error() says how.
    void finished();

private:
    std::shared_ptr<const carton::Carton> m_carton;
    QString m_filePath;
    LatestJob *m_jobs = nullptr;
    QPointer<RunConsent> m_consent;
    std::unique_ptr<QTemporaryDir> m_scratch; // a bare file's carton
    std::optional<carton::ModelInspection> m_inspection;
    QString m_error;
};

} // namespace studio
