#version 120
// hudprof overlay for OpenGL 2.1 contexts: the same as hud.frag in GLSL 120. The atlas is a GL_LUMINANCE texture
// there (GL_RED needs 3.0), so its coverage is in every colour channel and .r reads it as in hud.frag.

varying vec2 vTexCoord;
varying vec4 vColor;

uniform sampler2D uAtlas;
// 0: the font atlas (coverage in .r); 1: an RGBA image (the history graph's columns), tinted by the vertex colour.
uniform float uImage;

void main() {
    vec4 texel = texture2D(uAtlas, vTexCoord);
    gl_FragColor = uImage > 0.5 ? vColor * texel : vec4(vColor.rgb, vColor.a * texel.r);
}
