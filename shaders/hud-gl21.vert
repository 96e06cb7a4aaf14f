#version 120
// hudprof overlay for OpenGL 2.1 contexts (libGDX's default GL20 emulation, macOS's legacy context): the same
// program as hud.vert in GLSL 120. Attribute locations 0, 1, 2 are bound by name before linking.

attribute vec2 aPosition;
attribute vec2 aTexCoord;
attribute vec4 aColor;   // unsigned bytes, normalised to 0..1 by the attribute format
// Positions: whole framebuffer pixels as 16-bit integers; atlas coordinates: normalised 16-bit integers.

uniform vec2 uFramebufferSize;

varying vec2 vTexCoord;
varying vec4 vColor;

void main() {
    vec2 ndc = aPosition / uFramebufferSize * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vTexCoord = aTexCoord;
    vColor = aColor;
}
