import { useState } from 'react'
import { AuthCard } from './AuthCard'
import type { AuthMode } from './validation'
import '../../app/Screen.css'
import '../../ui/Card.css'
import './SignInScreen.css'

export interface SignInScreenProps {
  title: string
  /** Why to sign in here. */
  lead: string
}

/** A screen for signed-in readers when no one is: its title, why, and the login card in the page. */
export function SignInScreen({ title, lead }: SignInScreenProps) {
  const [mode, setMode] = useState<AuthMode>('login')
  return (
    <div className="container screen screen--sections sign-in-screen stack">
      <h1 className="screen__title">{title}</h1>
      <p className="sign-in-screen__lead">{lead}</p>
      <div className="card card--raised sign-in-screen__card">
        <AuthCard mode={mode} onModeChange={setMode} onSuccess={() => {}} />
      </div>
    </div>
  )
}
