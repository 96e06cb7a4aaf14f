#version 120
// hudprof overlay for OpenGL 2.1 contexts: the same as hud.frag in GLSL 120. The atlas is a GL_LUMINANCE texture
// there (GL_RED needs 3.0), so its coverage is in every colour channel and .r reads it as in hud.frag.

varying vec2 vTexCoord;
varying vec4 vColor;

uniform sampler2D uAtlas;

void main() {
    gl_FragColor = vec4(vColor.rgb, vColor.a * texture2D(uAtlas, vTexCoord).r);
}
