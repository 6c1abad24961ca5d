// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Manual tool (not a test): shows one file of a carton in the file viewer, starts
// playing it when it is audio/video, and quits after SECONDS; take a screenshot
// meanwhile (Xvfb + `import -window root`).
//   mediashot CARTON PATH [SECONDS] [--actual-size]
#include "imageview.h"
#include "mediapreview.h"
#include "package/carton.h"
#include "views/fileviewer.h"

#include <QApplication>
#include <QTimer>
#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: mediashot CARTON PATH [SECONDS] [--actual-size]\n");
        return 2;
    }
    auto opened = carton::Carton::open(args.at(1));
    if (!opened.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error().toString()));
        return 1;
    }
    std::shared_ptr<const carton::Carton> carton(std::move(opened.value()));
    studio::FileViewer viewer;
    viewer.resize(900, 620);
    viewer.setWindowTitle(args.at(2));
    viewer.show();
    viewer.setCarton(carton);
    QObject::connect(&viewer, &studio::FileViewer::loaded, &viewer, [&viewer, &args] {
        if (args.contains(QStringLiteral("--actual-size")))
            viewer.imageView()->setFit(false);
        if (studio::MediaPreview *media = viewer.mediaPreview()) {
            QObject::connect(media, &studio::MediaPreview::ready, media, [media] { media->player()->play(); });
            QObject::connect(media, &studio::MediaPreview::failed, media,
                             [](const QString &message) { std::fprintf(stderr, "%s\n", qPrintable(message)); });
        }
    });
    viewer.showFile(args.at(2));
    QTimer::singleShot(args.size() > 3 ? int(args.at(3).toDouble() * 1000) : 3000, &app, &QApplication::quit);
    return app.exec();
}
