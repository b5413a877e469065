/** The site's theme: VitePress's default, with room for the docs' wide tables (wide.css). */
import DefaultTheme from 'vitepress/theme'
import './wide.css'

export default DefaultTheme
