#version 330 core
// hudprof overlay: one vertex format for text, boxes, bars and lines.
// Positions are framebuffer pixels with the origin at the top-left corner, as the draw list lays them out.

layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexCoord;
layout(location = 2) in vec4 aColor;   // unsigned bytes, normalised to 0..1 by the attribute format

uniform vec2 uFramebufferSize;

out vec2 vTexCoord;
out vec4 vColor;

void main() {
    vec2 ndc = aPosition / uFramebufferSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vTexCoord = aTexCoord;
    vColor = aColor;
}
