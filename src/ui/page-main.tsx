import { createContext, useContext, type HTMLAttributes } from 'react'

const InsideMain = createContext(false)

/**
 * The page's one `main` landmark. Screen readers jump to it, and a page with none or with two
 * leaves them guessing, so it is the only way the app renders `<main>`: the dashboard shell holds
 * it for every screen inside, and a page on its own (sign-in, the error screen) holds its own. One
 * inside another renders a plain `div`, so a screen shown in the shell never adds a second.
 */
export function PageMain(props: HTMLAttributes<HTMLElement>) {
  const inside = useContext(InsideMain)
  if (inside) return <div {...props} />
  return (
    <InsideMain.Provider value>
      <main {...props} />
    </InsideMain.Provider>
  )
}
