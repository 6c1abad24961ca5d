// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QList>
#include <QString>
#include <QWidget>
#include <memory>
#include <utility>

class QComboBox;

namespace carton {
class Carton;
}

namespace studio {

class MediaPreview;

// Under a self-test item's Details: the player of its audio and video files, with
// a choice of file when it has more than one. Hidden when the item has none.
class SelfTestMediaPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestMediaPane)

public:
    explicit SelfTestMediaPane(QWidget *parent = nullptr);
    ~SelfTestMediaPane() override;

    // The item's playable files (label, archive path), played from `carton`. The
    // same list again (a refresh after an edit elsewhere) keeps what plays.
    void setMedia(std::shared_ptr<const carton::Carton> carton, const QList<std::pair<QString, QString>> &media);

    MediaPreview *preview() const { return m_media; }
    QComboBox *choice() const { return m_choice; }

private:
    std::shared_ptr<const carton::Carton> m_carton;
    QComboBox *m_choice;
    MediaPreview *m_media;
};

} // namespace studio
