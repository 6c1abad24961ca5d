// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <array>

class QSettings;

namespace studio {

// Which side panes of the Model tab are shown: the model file's summary, the
// weights tree and the graph's properties. Hidden, they give the graph and the
// values their room (View ▸ Model Panes). One state for every Model tab,
// remembered in the settings handed down ("modelPage/hiddenPanes"; none: all shown).
class ModelPanes final {
public:
    enum Pane { Summary, Weights, GraphProperties };
    static constexpr int kCount = 3;

    static ModelPanes read(const QSettings *settings);
    void write(QSettings *settings) const;

    bool isShown(Pane pane) const { return m_shown[pane]; }
    void setShown(Pane pane, bool shown) { m_shown[pane] = shown; }
    bool operator==(const ModelPanes &) const = default;

private:
    std::array<bool, kCount> m_shown{true, true, true};
};

} // namespace studio
