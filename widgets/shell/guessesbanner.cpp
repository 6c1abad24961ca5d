// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "guessesbanner.h"

#include "document/cartondocument.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace studio {

namespace {

constexpr int kMaxValueChars = 90;

} // namespace

GuessesBanner::GuessesBanner(QWidget *parent)
    : QFrame(parent), m_list(new QLabel), m_confirm(new QPushButton(tr("Confirm")))
{
    setObjectName(QStringLiteral("guessesBanner"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    m_list->setObjectName(QStringLiteral("guessesList"));
    m_list->setTextFormat(Qt::RichText);
    m_list->setWordWrap(true);
    m_list->setForegroundRole(QPalette::ToolTipText);
    m_confirm->setObjectName(QStringLiteral("confirmGuessesButton"));
    m_confirm->setToolTip(tr("The guessed fields are right (each can still be edited)"));
    connect(m_list, &QLabel::linkActivated, this, [this](const QString &field) {
        emit fieldRequested(carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, field});
    });
    connect(m_confirm, &QPushButton::clicked, this, [this] {
        if (!m_document)
            return;
        m_document->confirmGuesses();
        emit confirmed();
    });
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_confirm, 0, Qt::AlignTop);
    hide();
}

GuessesBanner::~GuessesBanner() = default;

void GuessesBanner::setDocument(CartonDocument *document)
{
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    if (document) {
        connect(document, &CartonDocument::guessesChanged, this, &GuessesBanner::update);
        connect(document, &CartonDocument::infoChanged, this, &GuessesBanner::update);
    }
    update();
}

QString GuessesBanner::fieldText(const QString &field)
{
    if (field == u"license")
        return tr("License");
    if (field == u"short_description")
        return tr("Short description");
    if (field == u"model_description")
        return tr("Model description");
    return CartonDocument::fieldLabel(field);
}

void GuessesBanner::update()
{
    const QList<ModelGuess> guesses = m_document ? m_document->guesses() : QList<ModelGuess>();
    if (guesses.isEmpty()) {
        hide();
        return;
    }
    QString rows;
    for (const ModelGuess &g : guesses) {
        const QString current = m_document->guessedFieldText(g.field);
        const QString source = current == g.value ? g.source : tr("%1 (edited since)").arg(g.source);
        QString value = current.simplified();
        if (value.size() > kMaxValueChars)
            value = value.left(kMaxValueChars - 1) + QChar(0x2026);
        rows += QStringLiteral("<tr><td style=\"padding-right:10px\"><a href=\"%1\">%2</a></td>"
                               "<td style=\"padding-right:10px\">%3</td><td><i>%4</i></td></tr>")
                    .arg(g.field.toHtmlEscaped(), fieldText(g.field).toHtmlEscaped(),
                         value.isEmpty() ? tr("(not filled)").toHtmlEscaped() : value.toHtmlEscaped(),
                         source.toHtmlEscaped());
    }
    m_list->setText(
        QStringLiteral("<b>%1</b><table>%2</table>")
            .arg(tr("Filled in from the model: please check each field, then confirm.").toHtmlEscaped(), rows));
    show();
}

} // namespace studio
