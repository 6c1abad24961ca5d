// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

namespace studio {

// Settings for Qt Multimedia's backend that must be in place before it starts
// (the first QMediaPlayer / QAudioDecoder / QMediaDevices of the process).
class MediaBackend final {
public:
    // Idempotent. With GStreamer (Qt 6.4 on Linux), QAudioDecoder's pipeline has
    // no converter before its volume element, so a decoder that outputs
    // non-interleaved samples (gst-libav's avdec_mp3, picked for mp3 when
    // gstreamer1.0-libav is installed) fails to negotiate: "Internal data stream
    // error". Those decoders are demoted so that mpg123audiodec decodes mp3; a
    // GST_PLUGIN_FEATURE_RANK the user set still wins (it comes after ours).
    static void prepare();
};

} // namespace studio
