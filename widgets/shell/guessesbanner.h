// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "document/modelfiles.h"

#include <QFrame>
#include <QList>
#include <QPointer>

class QLabel;
class QPushButton;

namespace studio {

class CartonDocument;

// Above a new carton started from a dropped model: every field filled from what
// the model says (the document's guesses(): license, descriptions, model name,
// runner), its current value (marked when edited since) and where it came from,
// each field a link to its editor, until the author confirms them ("Confirm": an
// undo step of the document). The banner only shows the document's state.
class GuessesBanner final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GuessesBanner)

public:
    explicit GuessesBanner(QWidget *parent = nullptr);
    ~GuessesBanner() override;

    // Follows `document`'s guesses (none: hidden); null shows nothing.
    void setDocument(CartonDocument *document);
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

    QPointer<CartonDocument> m_document;
    QLabel *m_list;
    QPushButton *m_confirm;
};

} // namespace studio
