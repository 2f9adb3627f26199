import { describe, expect, it } from 'vitest'
import { baseName, breadcrumbs, folderPrefix, isWithin, joinPath, movedPath, parentPath, pathSegments, relativeTo, renamedPath } from './object-paths'

describe('object paths', () => {
  it('joins folders and names without doubled, leading or trailing slashes', () => {
    expect(joinPath('', 'a')).toBe('a')
    expect(joinPath('a/', '/b/', 'c.png')).toBe('a/b/c.png')
    expect(joinPath('/', '')).toBe('')
    expect(pathSegments('a//b/')).toEqual(['a', 'b'])
  })

  it('finds the parent, the name and the prefix of a folder', () => {
    expect(parentPath('a/b/c.png')).toBe('a/b')
    expect(parentPath('c.png')).toBe('')
    expect(baseName('a/b/c.png')).toBe('c.png')
    expect(baseName('')).toBe('')
    expect(folderPrefix('a/b')).toBe('a/b/')
    expect(folderPrefix('')).toBe('')
  })

  it('renames in place and moves keeping the name', () => {
    expect(renamedPath('a/b/c.png', 'd.png')).toBe('a/b/d.png')
    expect(movedPath('a/b/c.png', 'x')).toBe('x/c.png')
    expect(movedPath('a/b/c.png', '')).toBe('c.png')
  })

  it('writes paths of a zip relative to the folder shown', () => {
    expect(relativeTo('a/b/c.png', 'a')).toBe('b/c.png')
    expect(relativeTo('a/b/c.png', '')).toBe('a/b/c.png')
    expect(relativeTo('ab/c.png', 'a')).toBe('ab/c.png')
  })

  it('tells whether a path is a folder or inside it (not a sibling sharing its start)', () => {
    expect(isWithin('a/b', 'a')).toBe(true)
    expect(isWithin('a', 'a')).toBe(true)
    expect(isWithin('ab', 'a')).toBe(false)
    expect(isWithin('x', '')).toBe(true)
  })

  it('lists breadcrumbs from the bucket down', () => {
    expect(breadcrumbs('photos', 'a/b')).toEqual([
      { name: 'photos', path: '' },
      { name: 'a', path: 'a' },
      { name: 'b', path: 'a/b' },
    ])
  })
})
