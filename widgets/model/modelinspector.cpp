// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelinspector.h"

#include "jobs/latestjob.h"
#include "model/modelset.h"
#include "package/carton.h"
#include "runner/fileinspection.h"
#include "runner/runnersessionfactory.h"
#include "selftests/runconsent.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

namespace studio {

using namespace carton;

namespace {

const QString kInspectJob = QStringLiteral("inspect");

struct Inspected {
    std::optional<ModelInspection> inspection;
    QString error;
};

} // namespace

ModelInspector::ModelInspector(std::shared_ptr<const Carton> carton, const QString &filePath, QObject *parent)
    : QObject(parent), m_carton(std::move(carton)), m_filePath(filePath), m_jobs(new LatestJob(this))
{
}

ModelInspector::~ModelInspector() = default;

void ModelInspector::setConsent(RunConsent *consent)
{
    m_consent = consent;
}

bool ModelInspector::isRunning() const
{
    return m_jobs->isRunning(kInspectJob);
}

bool ModelInspector::start(const ModelEntry &entry, QWidget *dialogParent)
{
    const QString runner = inspectingRunner(entry);
    if (runner.isEmpty() || isRunning())
        return false;
    SelfTestRunner::Request request;
    request.choice.runnerName = runner;
    std::shared_ptr<const Carton> carton = m_carton;
    QString bareFile;
    if (carton) {
        // The carton may name another runner: this one is chosen by the file's content.
        request.choice.force = !carton->info() || carton->info()->runner.runnerName != runner;
    } else {
        m_scratch = std::make_unique<QTemporaryDir>();
        Result<std::shared_ptr<const Carton>> made =
            // The folder carton named as the file: the consent dialog names what is inspected.
            m_scratch->isValid()
                ? makeInspectionCarton(QDir(m_scratch->path()).filePath(QFileInfo(m_filePath).fileName()), runner)
                : Result<std::shared_ptr<const Carton>>(
                      makeError(ErrorCode::Io, QStringLiteral("cannot create a scratch folder")));
        if (!made) {
            m_inspection.reset();
            m_error = made.error().toString();
            emit finished();
            return true;
        }
        carton = *made;
        bareFile = m_filePath;
    }
    request.carton = carton;
    // A bare file has no consent of its own carton: asked here, about this file.
    RunConsent *consent = m_consent;
    std::unique_ptr<RunConsent> own;
    if (!m_carton) {
        own = std::make_unique<RunConsent>(carton, nullptr, nullptr, nullptr, dialogParent);
        own->setBareFile(m_filePath);
        consent = own.get();
    }
    if (consent && !consent->ask(request, true))
        return false;
    m_inspection.reset();
    m_error.clear();
    m_jobs->start(
        kInspectJob,
        [carton, bareFile, choice = request.choice, options = request.runOptions](Progress &progress) {
            Inspected out;
            if (!bareFile.isEmpty()) {
                if (Result<void> placed = placeModelFile(bareFile, carton->path()); !placed) {
                    out.error = placed.error().toString();
                    return out;
                }
            }
            Result<ModelInspection> r = inspectModel(*carton, choice, options, nullptr, nullptr, &progress);
            if (r) {
                out.inspection = std::move(*r);
                if (!bareFile.isEmpty())
                    out.inspection->file = QFileInfo(bareFile).fileName(); // named as the page names it
            } else {
                out.error = r.error().toString();
            }
            return out;
        },
        [this](const Inspected &result) {
            m_inspection = result.inspection;
            m_error = result.error;
            emit finished();
        });
    return true;
}

} // namespace studio
