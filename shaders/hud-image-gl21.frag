#version 120
// hudprof overlay for OpenGL 2.1 contexts: the same as hud-image.frag in GLSL 120.

varying vec2 vTexCoord;
varying vec4 vColor;

uniform sampler2D uAtlas;

void main() {
    gl_FragColor = vColor * texture2D(uAtlas, vTexCoord);
}
