// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QComboBox>
#include <QStringList>
#include <memory>

class QSettings;

namespace carton {
class Carton;
struct RunnerChoice;
} // namespace carton

namespace studio {

struct SelfTestCommand;

// The Self-tests panel's runner box: the carton's own runner, every installed
// runner by name (a forced run), and a Triton / KServe server (its item asks for
// the URL and model; the URL is remembered in the settings given, if any, for the
// next carton).
class RunnerChoiceBox final : public QComboBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunnerChoiceBox)

public:
    RunnerChoiceBox(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent = nullptr);

    // The item data of the server item (runner items hold the runner's name).
    static QString serverItem();

    // Where the runner plugins are found (empty: the defaults); lists them again.
    void setPluginSearchPaths(const QStringList &paths);
    // A server instead of a local runner; an empty url goes back to the runners.
    void setServer(const QString &url, const QString &model = {});
    QString serverUrl() const { return m_url; }
    QString serverModel() const { return m_model; }
    // The runner forced by the choice; empty for the carton's own or a server.
    QString forcedRunner() const;
    // Chooses the item holding `data` (a runner's name or serverItem(), which asks
    // for the server again); false when there is none or the question was cancelled.
    bool choose(const QString &data);
    // The installed runner that could run this carton if forced ("torchscript
    // 1.13.1") when none matches it as it asks, its name in *name; empty otherwise.
    QString forceableRunner(QString *name) const;

    void applyTo(carton::RunnerChoice &choice) const;
    void describe(SelfTestCommand &command) const;

private:
    void refresh();
    // An item chosen; the server item asks for the URL: false when cancelled.
    bool chosen(int index);

    std::shared_ptr<const carton::Carton> m_carton;
    QSettings *m_settings; // may be null: nothing is remembered
    QStringList m_searchPaths;
    QString m_url;
    QString m_model;
    int m_lastIndex = 0;
};

} // namespace studio
