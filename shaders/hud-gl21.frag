#version 120
// hudprof overlay for OpenGL 2.1 contexts: the same as hud.frag in GLSL 120. The atlas is a GL_LUMINANCE texture
// there (GL_RED needs 3.0), so its coverage is in every colour channel and .r reads it as in hud.frag.

varying vec2 vTexCoord;
varying vec4 vColor;

uniform sampler2D uAtlas;
// 0: the font atlas (coverage in .r); 1: an RGBA image (the history graph's columns), tinted by the vertex colour.
uniform float uImage;
// Alpha 1: the opaque colour under the glyphs being drawn, which the draw list knows (an opaque panel). The glyph is
// then mixed with it here and written with blending off: the same pixel as blending it over that colour, without
// reading the framebuffer (on a software rasteriser a blended pixel costs about twice a written one). Alpha 0: blended.
uniform vec4 uBackground;

void main() {
    vec4 texel = texture2D(uAtlas, vTexCoord);
    float coverage = vColor.a * texel.r;
    vec4 glyph = uBackground.a > 0.5 ? vec4(mix(uBackground.rgb, vColor.rgb, coverage), 1.0)
            : vec4(vColor.rgb, coverage);
    gl_FragColor = uImage > 0.5 ? vColor * texel : glyph;
}
