// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestmediapane.h"

#include "media/mediapreview.h"

#include <QComboBox>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace studio {

SelfTestMediaPane::SelfTestMediaPane(QWidget *parent)
    : QWidget(parent), m_choice(new QComboBox), m_media(new MediaPreview)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_choice->setObjectName(QStringLiteral("selfTestMediaChoice"));
    m_choice->setToolTip(tr("The audio or video file of this item to play"));
    layout->addWidget(m_choice);
    layout->addWidget(m_media, 1);
    hide();
    connect(m_choice, &QComboBox::currentIndexChanged, this, [this](int index) {
        const QString path = m_choice->itemData(index).toString();
        if (path.isEmpty())
            m_media->clear();
        else if (path != m_media->path() || m_media->state() == MediaPreview::State::Empty)
            m_media->open(m_carton, path);
    });
}

SelfTestMediaPane::~SelfTestMediaPane() = default;

void SelfTestMediaPane::setMedia(std::shared_ptr<const carton::Carton> carton,
                                 const QList<std::pair<QString, QString>> &media)
{
    m_carton = std::move(carton);
    bool same = media.size() == m_choice->count() && m_media->state() != MediaPreview::State::Empty;
    for (qsizetype i = 0; same && i < media.size(); ++i)
        same = m_choice->itemText(int(i)) == media[i].first && m_choice->itemData(int(i)) == media[i].second;
    if (same && !media.isEmpty())
        return;
    QSignalBlocker blocker(m_choice);
    m_choice->clear();
    for (const auto &[label, path] : media)
        m_choice->addItem(label, path);
    setVisible(m_choice->count() > 0);
    m_choice->setVisible(m_choice->count() > 1);
    if (m_choice->count() == 0) {
        m_media->clear();
        return;
    }
    m_choice->setCurrentIndex(0);
    // Played from the page's carton (the opened one, or the copy the last run made):
    // a file an edit added since plays after a save or a run.
    m_media->open(m_carton, m_choice->itemData(0).toString());
}

} // namespace studio
