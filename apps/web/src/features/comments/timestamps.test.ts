import { describe, expect, it } from 'vitest'
import { formatTime, linkTimestamps, parseTime, timeOfLink } from './timestamps'

describe('timestamps in comments', () => {
  it('formats and reads times as the player shows them', () => {
    expect(formatTime(0)).toBe('00:00')
    expect(formatTime(195.9)).toBe('03:15')
    expect(formatTime(3725)).toBe('1:02:05')
    expect(parseTime('03:15')).toBe(195)
    expect(parseTime('3:15')).toBe(195)
    expect(parseTime('1:02:05')).toBe(3725)
    expect(parseTime('03:75')).toBeNull()
    expect(parseTime('1:75:00')).toBeNull()
    expect(parseTime('abc')).toBeNull()
  })

  it('makes [mm:ss] and [h:mm:ss] links, leaving links, code and non-times alone', () => {
    expect(linkTimestamps('See [03:15] and [1:02:05].')).toBe('See [03:15](#t=195) and [1:02:05](#t=3725).')
    expect(linkTimestamps('Already [03:15](https://example.org) linked')).toBe(
      'Already [03:15](https://example.org) linked',
    )
    expect(linkTimestamps('Code `[03:15]` stays')).toBe('Code `[03:15]` stays')
    expect(linkTimestamps('[03:99] is no time, nor [note]')).toBe('[03:99] is no time, nor [note]')
    expect(timeOfLink('#t=195')).toBe(195)
    expect(timeOfLink('#comments')).toBeNull()
    expect(timeOfLink(null)).toBeNull()
  })
})
