// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "document/modelfiles.h"

#include <QFrame>
#include <QList>

class QLabel;
class QPushButton;

namespace studio {

// Above a new carton started from a dropped model: every field filled from what
// the model says (ModelFiles::guesses: license, descriptions, model name, runner),
// the value and where it came from, each field a link to its editor, until the
// author confirms them ("Confirm").
class GuessesBanner final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GuessesBanner)

public:
    explicit GuessesBanner(QWidget *parent = nullptr);
    ~GuessesBanner() override;

    // Lists `guesses` (none: hidden).
    void setGuesses(const QList<ModelGuess> &guesses);
    const QList<ModelGuess> &guesses() const { return m_guesses; }
    QLabel *list() const { return m_list; }
    QPushButton *confirmButton() const { return m_confirm; }
    // The label a guessed field is listed under ("License").
    static QString fieldText(const QString &field);

signals:
    // A field's link: where it is edited.
    void fieldRequested(const carton::DiagnosticLocation &location);
    // The author confirmed the guesses (the banner is hidden).
    void confirmed();

private:
    void update();

    QList<ModelGuess> m_guesses;
    QLabel *m_list;
    QPushButton *m_confirm;
};

} // namespace studio
