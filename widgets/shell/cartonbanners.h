// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"

#include <QObject>

class QLabel;
class QWidget;

namespace studio {

class CartonDocument;
class CartonState;
class RemoteSession;

// What a CartonPage shows around its view: the loading page (with the download's
// progress and a Cancel button for a URL), the banner with the carton's state
// (or that the file went away) and the banner listing the required fields a
// carton being authored still lacks, each a link to its editor.
class CartonBanners final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonBanners)
public:
    // The widgets are children of `page`, which lays them out.
    CartonBanners(QWidget *page, RemoteSession *remote, const QString &displayName);

    QWidget *loadingPage() const { return m_loading; }
    // The state's banner: an icon and the text (banner()) on a background in the
    // state's tone, light or dark theme alike.
    QWidget *bannerBar() const { return m_bannerBar; }
    QLabel *banner() const { return m_banner; }
    QLabel *missingBanner() const { return m_missingBanner; }

    // The state's banner text; hidden when it has none.
    void showState(const CartonState &state);
    // The carton is gone from disk; what is shown was read before.
    void showRemoved(const QString &displayName);
    // The required fields `document` lacks, only while it is authored (new or
    // edited): an opened carton that lacks them is already "invalid" in the
    // state's banner.
    void showMissing(const CartonDocument *document);
    void hideBanners();

signals:
    // A link of the missing-fields banner: where the field is edited.
    void fieldRequested(const carton::DiagnosticLocation &location);

private:
    void setUpLoadingPage(RemoteSession *remote, const QString &displayName);
    // Shows `text` with the icon `iconName` (resources/icons) in `tone`.
    void showBanner(const QString &text, const QString &iconName, int tone);
    void applyBannerTone();

    QWidget *m_loading;
    QWidget *m_bannerBar;
    QLabel *m_bannerIcon;
    QLabel *m_banner;
    QLabel *m_missingBanner;
    QString m_bannerIconName;
    int m_bannerTone = 0;
};

} // namespace studio
