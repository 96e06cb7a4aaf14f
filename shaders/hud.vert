#version 150
// hudprof overlay: one vertex format for text, boxes, bars and lines.
// Positions are framebuffer pixels (16-bit integers) with the origin at the top-left corner, as the draw list lays
// them out; atlas coordinates arrive as normalised 16-bit integers.
// GLSL 150 (OpenGL 3.2, core or compatibility); attribute locations 0, 1, 2 are bound by name before linking,
// since layout(location) needs GLSL 330. hud-gl21.* is the same program for OpenGL 2.1 contexts.

in vec2 aPosition;
in vec2 aTexCoord;
in vec4 aColor;   // unsigned bytes, normalised to 0..1 by the attribute format

uniform vec2 uFramebufferSize;

out vec2 vTexCoord;
// Flat: every vertex of a quad has the same colour, and a software rasteriser then neither sets up nor interpolates
// it per pixel (with the fragment shader split in two, about 5 % of the HUD's rasterising on llvmpipe, see
// docs/BENCHMARKS.md). GLSL 120 has no flat: hud-gl21.vert interpolates it, to the same values.
flat out vec4 vColor;

void main() {
    vec2 ndc = aPosition / uFramebufferSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vTexCoord = aTexCoord;
    vColor = aColor;
}
