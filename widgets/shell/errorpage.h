// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace studio {

// Shown in a tab instead of the carton when it cannot be opened at all: what
// failed, where, and buttons to try again or close the tab.
class ErrorPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ErrorPage)
public:
    explicit ErrorPage(QWidget *parent = nullptr);

    void setError(const QString &title, const QString &message, const QString &location);
    QString title() const;
    QString message() const;
    QString location() const;

signals:
    void retryRequested();
    void closeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateIcon();

    QLabel *m_icon;
    QLabel *m_title;
    QLabel *m_message;
    QLabel *m_location;
    QPushButton *m_retry;
    QPushButton *m_close;
};

} // namespace studio
